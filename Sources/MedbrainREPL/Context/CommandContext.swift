import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial
import ResultTables

/// What a built-in command works through, as swiftly's `SwiftlyCoreContext` is: a small value of
/// seams, each something a test or a lesson may give its own of. It is not the REPL: a command
/// cannot dispatch another, see the workbook's extensions, or reach the command it was called
/// by. Copies share what is remembered (``SessionMemory``) and what is shared by nature (the
/// settings, the request log, the built-in servers).
///
/// No file extends it. A command group's bodies and helpers are a private type beside its
/// commands (`Commands/`); what several groups share is a type of its own (`Context/`):
/// ``Presenter`` shows, keeps and saves results, ``Completions`` is what Tab offers,
/// ``FHIRPathRunner`` parses and runs FHIRPath as the session does, ``SMARTSession`` is the
/// session's SMART login, ``AdministrationPages`` reads an order's doses, ``PatientCard`` shows
/// a patient, and ``Session`` says where the session stands (connected, logged in, an order).
struct CommandContext: Sendable {
    /// What the session remembers between commands.
    let memory: SessionMemory
    let settings: SettingsStore
    let console: Console
    let spinner: Spinner
    /// Starts and stops the built-in servers.
    let servers: BuiltinServers
    /// Cancels the requests in flight of every client this session connects.
    let cancellation: RequestCancellation
    /// Every request the session's clients sent, for lesson checks.
    let requests: RequestLog
    /// The instruction languages, read when first used (`instructions`, `set lang`), not at start.
    let languageCatalog: Lazily<LanguageCatalog>
    /// The session's own `timeout`, which a restart (a lesson's start) returns to.
    let startingTimeout: Double
    /// The server profiles file `connect NAME` and `servers` read.
    var serversPath = ServerProfiles.defaultPath()
    /// Opens a SMART authorization URL for the user (`login --smart`); nil: the desktop's opener.
    var openBrowser: (@Sendable (String) -> Void)?
    /// Asks the user a yes-or-no question (`delete` on a terminal); nil: nobody to ask, so go ahead.
    var confirm: (@Sendable (String) -> Bool)?
    /// Every command the REPL runs, its extensions' too, for `help` to describe.
    var commands: CommandTable

    init(
        console: Console, spinner: Spinner, servers: BuiltinServers, now: Date?, commands: CommandTable,
        languages: @escaping @Sendable () -> LanguageCatalog, timeout: Double
    ) {
        self.console = console
        self.spinner = spinner
        self.servers = servers
        self.commands = commands
        settings = SettingsStore(Settings(colour: console.colour, timeout: timeout))
        startingTimeout = timeout
        memory = SessionMemory(fixedNow: now)
        languageCatalog = Lazily(languages)
        cancellation = RequestCancellation()
        requests = RequestLog()
    }

    /// The server, the patient, the orders, the last result.
    var session: Session {
        get { memory.with { $0.session } }
        nonmutating set { memory.with { $0.session = newValue } }
    }

    var quitAsked: Bool {
        get { memory.with { $0.quitAsked } }
        nonmutating set { memory.with { $0.quitAsked = newValue } }
    }

    var instructionsWithheld: Bool {
        get { memory.with { $0.instructionsWithheld } }
        nonmutating set { memory.with { $0.instructionsWithheld = newValue } }
    }

    var lastSaid: [String] {
        get { memory.with { $0.lastSaid } }
        nonmutating set { memory.with { $0.lastSaid = newValue } }
    }

    var lastChart: ChartDrawn? {
        get { memory.with { $0.lastChart } }
        nonmutating set { memory.with { $0.lastChart = newValue } }
    }

    var lastSaidOwn: OwnInstructions? {
        get { memory.with { $0.lastSaidOwn } }
        nonmutating set { memory.with { $0.lastSaidOwn = newValue } }
    }

    var fixedNow: Date? {
        get { memory.with { $0.fixedNow } }
        nonmutating set { memory.with { $0.fixedNow = newValue } }
    }

    var languages: LanguageCatalog { languageCatalog.value }

    /// The language instructions are written in: `code`'s, else the session's.
    func language(_ code: String? = nil) throws -> Language {
        do { return try languages.language(code ?? settings.current.language) } catch {
            throw REPLError(error.description)
        }
    }

    /// Results shown, kept for `show` and `page`, and saved.
    var presenter: Presenter { Presenter(context: self) }
    /// What Tab offers after a command's name.
    var completions: Completions { Completions(context: self) }
    /// FHIRPath parsed and run as the session's commands run it.
    var fhirPath: FHIRPathRunner { FHIRPathRunner(context: self) }
    /// The session's SMART login: begun, renewed, forgotten.
    var smart: SMARTSession { SMARTSession(context: self) }

    /// Now, by the clock the session runs on.
    func clock() -> Date { fixedNow ?? Date() }

    /// `date` as a FHIR dateTime with the zone's offset, such as `2016-08-16T08:00:00+02:00`.
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    // Output in the session's format: lines for people, JSON for scripts.

    /// Shows a command's data: `text` for people, or `json` when the format is json (one
    /// JSON value per command, so standard output stays a stream `jq` can read).
    func show(_ json: @autoclosure () throws -> JSONValue, text: @autoclosure () throws -> String) rethrows {
        switch settings.current.format {
        case .table: console.output(try text())
        case .json: console.output(try json().prettyText + "\n")
        }
    }

    /// `show` with the text as lines.
    func show(_ json: @autoclosure () throws -> JSONValue, lines: @autoclosure () throws -> [String]) rethrows {
        try show(
            json(),
            text: try {
                let lines = try lines()
                // Joined once, not each line copied with its break first: lists can be long.
                return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            }())
    }

    /// A confirmation such as `logged out`: the line, or `{"message": …}`.
    func say(_ message: String) {
        show(["message": .string(message)], lines: [message])
    }

    /// `  label      text`, the text wrapped to the console's width under itself.
    func labelled(_ label: String, _ text: String, labelWidth: Int, indent: Int = 2) -> [String] {
        let margin = String(repeating: " ", count: indent + labelWidth + 1)
        let lines = TextTable.wrap(text, width: max(20, console.width - margin.count))
        return lines.enumerated().map { index, line in
            index == 0
                ? String(repeating: " ", count: indent)
                    + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
                    + " " + line
                : margin + line
        }
    }

    /// A string member that may be absent.
    static func json(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }
}
