import FHIRModel
import Foundation
import MedicationTutorial
import Synchronization

/// What `set` shows and changes; a lesson fixes some of them (today, time zone).
struct Settings: Sendable {
    /// The day the window of `group` ends on; nil is today.
    var today: CivilDay?
    var timeZone = TimeZone.current
    /// The zone as the user named it: Foundation calls `UTC` "GMT".
    var timeZoneName = TimeZone.current.identifier
    var language = "en"
    var weeks = WeekConvention.tutorial
    var trace = TraceMode.off
    var format = OutputFormat.table
    /// Starts as the console allows (a terminal without NO_COLOR).
    var colour = false
    /// Seconds a request may wait for its answer before it fails.
    var timeout = REPL.defaultTimeout
    /// Seconds one FHIRPath evaluation (`fhirpath`, `search --where`, a lesson's check) may run.
    var fhirpathLimit = 10.0
    /// When the patient wakes, eats and sleeps: the times `when` codes name (docs/dose-times.md).
    var patientDay = PatientDay()

    /// Dose times on the patient's clock and day.
    var doseTimes: DoseTimes { DoseTimes(timeZone: timeZone, day: patientDay) }

    /// The setting a typed name means: `color` is `colour`, as users of either spelling expect.
    static func name(_ typed: String) -> String {
        typed.lowercased() == "color" ? "colour" : typed.lowercased()
    }

    enum TraceMode: String, CaseIterable, Sendable {
        case off, on, body
    }

    /// `table`: lines for people; `json`: one JSON value per command, for scripts.
    enum OutputFormat: String, CaseIterable, Sendable {
        case table, json
    }
}

/// The settings, shared: the client's observer prints `trace` from another thread while a
/// command runs, and must see a change at once rather than from the next `connect`.
final class SettingsStore: Sendable {
    private let value: Mutex<Settings>

    init(_ settings: Settings) { value = Mutex(settings) }

    var current: Settings { value.withLock { $0 } }

    func update(_ change: (inout Settings) throws(REPLError) -> Void) throws(REPLError) {
        try value.withLock { (settings: inout Settings) throws(REPLError) in try change(&settings) }
    }
}
