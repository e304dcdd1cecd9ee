import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// What the REPL remembers between commands: the tutorial's SessionManager (§11.4) and
/// the settings a lesson fixes.
struct Session {
    var client: FHIRClient?
    var patient: Patient?
    /// The orders of the last `orders`, numbered from 1 as shown.
    var orders: [Order] = []
    var medications: [String: Medication] = [:]
    /// The order a command without a number means: the last one named.
    var currentOrder: Int?
    var settings = Settings()

    struct Settings {
        /// The day the window of `group` ends on; nil is today.
        var today: CivilDay?
        var timeZone = TimeZone.current
        var language = "en"
        var weeks = WeekConvention.tutorial
        var trace = TraceMode.off
    }

    enum TraceMode: String, CaseIterable {
        case off, on, body
    }
}
