import FHIRClient
import FHIRModel

/// What the REPL remembers between commands: the tutorial's SessionManager (§11.4).
struct Session {
    var client: FHIRClient?
    var patient: Patient?
    /// The orders of the last `orders`, numbered from 1 as shown.
    var orders: [Order] = []
    var medications: [String: Medication] = [:]
    /// Whether `orders` ran since the login (it may have listed none).
    var ordersListed = false
    /// The order a command without a number means: the last one named.
    var currentOrder: Int?
    /// The administrations `administer` created, for lesson checks.
    var recorded: [RecordedDose] = []
}
