import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// What a built-in command works through: the connection and what the session remembers, the
/// output, the settings, the clock, and the hooks a lesson or a terminal gives. It is not the
/// REPL: a command cannot dispatch another, see the workbook's extensions, or reach the
/// command it was called by. Each command group's file adds its bodies to it, privately.
final class CommandContext {
    /// What the session remembers between commands: the server, the patient, the orders, the
    /// last result.
    var session = Session()
    let settings: SettingsStore
    /// The session's own `timeout`, which a restart (a lesson's start) returns to.
    let startingTimeout: Double
    let console: Console
    let spinner: Spinner
    let servers: BuiltinServers
    /// Cancels the requests in flight of every client this session connects.
    let cancellation = RequestCancellation()
    /// Every request the session's clients sent, for lesson checks.
    let requests = RequestLog()
    /// The instruction languages, read when first used (`instructions`, `set lang`), not at start.
    private(set) lazy var languages: LanguageCatalog = loadLanguages()
    private let loadLanguages: () -> LanguageCatalog
    /// The fixed instant lessons and transcripts run at; nil is the real clock.
    var fixedNow: Date?
    /// The server profiles file `connect NAME` and `servers` read.
    var serversPath = ServerProfiles.defaultPath()
    /// Opens a SMART authorization URL for the user (`login --smart`); nil: the desktop's opener.
    var openBrowser: (@Sendable (String) -> Void)?
    /// Asks the user a yes-or-no question (`delete` on a terminal); nil: nobody to ask, so go ahead.
    var confirm: ((String) -> Bool)?
    /// Every command the REPL runs, its extensions' too, for `help` and Tab to describe.
    var commands: CommandTable
    /// Set by `quit`: the session ends after this command.
    var quitAsked = false
    /// Set by a lesson that asks the student to read Timings themselves: the orders' sentences
    /// are not shown, and `instructions N` says only the student's own JSON.
    var instructionsWithheld = false
    /// The sentences `instructions` said last, for a lesson's `said` check.
    var lastSaid: [String] = []

    init(
        console: Console, spinner: Spinner, servers: BuiltinServers, now: Date?, commands: CommandTable,
        languages: @escaping () -> LanguageCatalog, timeout: Double
    ) {
        self.console = console
        self.spinner = spinner
        self.servers = servers
        self.commands = commands
        settings = SettingsStore(Settings(colour: console.colour, timeout: timeout))
        startingTimeout = timeout
        fixedNow = now
        loadLanguages = languages
    }

    /// Now, by the clock the session runs on.
    func clock() -> Date { fixedNow ?? Date() }

    /// `date` as a FHIR dateTime with the zone's offset, such as `2016-08-16T08:00:00+02:00`.
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
