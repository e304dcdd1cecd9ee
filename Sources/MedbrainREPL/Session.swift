import FHIRClient
import FHIRModel
import FHIRPath

/// What the REPL remembers between commands: the tutorial's SessionManager (§11.4).
struct Session: Sendable {
    var client: FHIRClient?
    var patient: Patient?
    /// The SMART login whose token the client sends (`login --smart`).
    var smart: SMARTLogin?
    /// The orders of the last `orders`, numbered from 1 as shown.
    var orders: [Order] = []
    var medications: [String: Medication] = [:]
    /// Whether `orders` ran since the login (it may have listed none).
    var ordersListed = false
    /// The order a command without a number means: the last one named.
    var currentOrder: Int?
    /// The administrations `administer` created, for lesson checks.
    var recorded: [RecordedDose] = []
    /// The last answer a generic command got, for `show`, `page` and saving.
    var result: ExploreResult?
    /// The ETag of each resource read or written (`Patient/f001` → `W/"2"`), for `update`'s If-Match.
    var versionsRead: [String: String] = [:]
}

/// An answer of a generic command: a resource, or a Bundle of them.
struct ExploreResult: Sendable {
    var json: JSONValue
    /// What asked for it, such as `GET Patient?family=Chalmers`.
    var request: String
    /// The search Bundle, when it is one: its links page on.
    var bundle: FHIRModel.Bundle?
    /// Which pages of its search this holds (page 1 for a search's answer), while paging can tell.
    var pages: ClosedRange<Int>? = nil
    /// `search --where`'s condition, kept so that paging on filters the other pages too.
    var filter: FHIRPathExpression? = nil
}
