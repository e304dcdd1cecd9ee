import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// Medbrain's interactive session: one command per line, the tutorial's six steps.
///
/// Each command prints what the tutorial's screen shows, or one line of error; the session
/// goes on either way. `execute` reports failure so a piped script can exit non-zero.
public final class REPL {
    /// What the built-in commands work through; the REPL itself only dispatches.
    var context: CommandContext
    /// Silences the console while a lesson replays its earlier steps.
    let muting: Muting
    /// Polled while a command runs: true when the user asked to cancel it (Ctrl-C).
    let interrupted: (@Sendable () -> Bool)?
    /// Set by `quit`.
    public var isFinished: Bool { context.quitAsked }
    /// True while a command's JSON goes on past its first line (see ``PastedLines``).
    public private(set) var isContinuing = false
    /// Every request the session's clients sent, for lesson checks.
    public var requests: RequestLog { context.requests }
    /// Commands an outer layer adds (the workbook's lessons), listed after the REPL's own.
    public var extensions: [any REPLExtension] = [] {
        didSet { context.commands = CommandTable(groups: CommandGroup.builtin + extensions.map(\.commandGroup)) }
    }
    /// Every command this REPL runs: its own and its extensions'.
    var commands: CommandTable { context.commands }
    /// The names of every command a REPL has before extensions add theirs, for a lesson's
    /// `%allow` to be checked against when it is read.
    public static let builtinCommandNames = Set(CommandTable(groups: CommandGroup.builtin).names)
    /// The server profiles file `connect NAME` and `servers` read.
    public var serversPath: String {
        get { context.serversPath }
        set { context.serversPath = newValue }
    }
    /// Opens a SMART authorization URL for the user (`login --smart`); nil: the desktop's opener.
    public var openBrowser: (@Sendable (String) -> Void)? {
        get { context.openBrowser }
        set { context.openBrowser = newValue }
    }
    /// Asks the user a yes-or-no question (`delete` on a terminal); nil: nobody to ask, so go ahead.
    public var confirm: (@Sendable (String) -> Bool)? {
        get { context.confirm }
        set { context.confirm = newValue }
    }
    /// The words of the last command that succeeded, and of the last one tried, for lesson checks.
    var lastCommand: [String] = []
    var lastAttempt: [String] = []
    /// Words a line may use for a value known only when it runs, each replaced before the line
    /// is read: a lesson's `[BASE]`, the base URL of a server started on a free port.
    public var placeholders: [(word: String, value: String)] = []

    /// `now` fixes the clock of the session, so lessons, transcripts and tests are
    /// reproducible; `servers` start the built-in servers (give them the same `now`), and may
    /// be started already (see ``BuiltinServers/prepare(_:)``). `timeout` is how long a request
    /// may wait for its answer until `set timeout` changes it.
    public init(
        console: Console, now: Date? = nil, servers: BuiltinServers,
        languages: @escaping @autoclosure @Sendable () -> LanguageCatalog = .standard(),
        interrupted: (@Sendable () -> Bool)? = nil, spinnerDelay: Swift.Duration = .milliseconds(150),
        timeout: Double = REPL.defaultTimeout
    ) {
        let (output, unicode) = (console.output, console.unicode)
        let muting = Muting()
        let spinner = Spinner(
            write: { output(unicode ? $0 : Console.ascii($0)) }, unicode: unicode, delay: spinnerDelay)
        context = CommandContext(
            console: console.guarded(by: spinner, muted: muting), spinner: spinner, servers: servers, now: now,
            commands: CommandTable(groups: CommandGroup.builtin), languages: languages, timeout: timeout)
        self.muting = muting
        self.interrupted = interrupted
    }

    /// Seconds a request waits for its answer in a new session: a server that has not begun
    /// to answer by then is said to be unreachable.
    public static let defaultTimeout = 10.0

    /// The placeholders, `[BASE]` and `[ORIGIN]` standing for the server connected now: a lesson
    /// that moves to another release's server (lesson 8) means that one.
    private var livePlaceholders: [(word: String, value: String)] {
        guard let base = baseURL else { return placeholders }
        let origin = base.range(of: "://").flatMap { scheme in
            base[scheme.upperBound...].firstIndex(of: "/").map { String(base[..<$0]) }
        }
        return placeholders.map { item in
            switch item.word {
            case "[BASE]": (item.word, base)
            case "[ORIGIN]": (item.word, origin ?? item.value)
            default: item
            }
        }
    }

    /// Runs one line; false when the command failed (its error already printed).
    @discardableResult
    public func execute(_ line: String) async -> Bool {
        let line = livePlaceholders.reduce(line) { $0.replacingOccurrences(of: $1.word, with: $1.value) }
        let words: [String]
        do { words = try self.words(of: line) } catch { return failed(error) }
        return await execute(words: words, line: line)
    }

    /// Runs a command given as words, so a value needs no quoting (a URL from the command line).
    @discardableResult
    public func execute(words: [String]) async -> Bool {
        await execute(words: words, line: words.joined(separator: " "))
    }

    private func execute(words: [String], line: String) async -> Bool {
        guard let name = words.first?.lowercased() else { return true }
        context.cancellation.reset()
        guard let command = commands.command(name) else {
            _ = failed(commands.unknown(name))
            await finished(line, succeeded: false)
            return false
        }
        if let refusal = extensions.lazy.compactMap({ $0.refusal(of: command.name, in: self as any LessonHost) }).first
        {
            _ = failed(REPLError(refusal))
            await finished(line, succeeded: false)
            return false
        }
        // A command refused or unknown was not tried: a `tried` check must not count it.
        lastAttempt = [name] + words.dropFirst()
        let watchers = [watchForInterrupt(), showWaiting(command.waiting)].compactMap { $0 }
        let mark = context.requests.total
        do {
            try await run(command, Array(words.dropFirst()))
        } catch {
            await stop(watchers)
            // The error first: what a lesson says about the failure comes after it.
            _ = failed(error, since: mark)
            await finished(line, succeeded: false)
            return false
        }
        await stop(watchers)
        lastCommand = [name] + words.dropFirst()
        await finished(line, succeeded: true)
        return true
    }

    /// Runs `lines` printing nothing, as a lesson does to rebuild the state its earlier steps
    /// left; true when all succeeded.
    public func executeQuietly(_ lines: [String]) async -> Bool {
        muting.set(true)
        defer { muting.set(false) }
        var succeeded = true
        for line in lines where !(await execute(line)) { succeeded = false }
        return succeeded
    }

    /// The words of a line, read as its command's tail says (``CommandTail``).
    func words(of line: String) throws(REPLError) -> [String] {
        let tail = CommandTail.commandName(of: line).flatMap { commands.command($0)?.tail } ?? .words
        return try tail.words(of: line)
    }

    /// Whether the command `name` ends its line with JSON.
    func takesJSON(_ name: String) -> Bool { commands.command(name)?.tail == .json }

    /// Tells the extensions a command ran (a lesson checks its step then).
    private func finished(_ line: String, succeeded: Bool) async {
        for plugin in extensions { await plugin.commandFinished(line, succeeded: succeeded, in: self) }
    }

    /// Says what went wrong. A refusal that came with an OperationOutcome (from a request sent
    /// after `mark`) becomes the last result, so `show` and `fhirpath` read it, and when it says
    /// more than one line holds, every issue is shown, each on its own line.
    private func failed(_ error: any Error, since mark: Int? = nil) -> Bool {
        guard let mark, case ClientError.refused(let status, _) = error,
            let refusal = context.requests.refusal(since: mark), refusal.status == status
        else {
            context.console.error("error: \(error)\n")
            return false
        }
        context.session.result = ExploreResult(json: refusal.outcome, request: refusal.request, bundle: nil)
        let issues = (try? OperationOutcome(json: refusal.outcome))?.summary.split(separator: "\n") ?? []
        guard issues.count > 1 || issues.joined().count > ClientError.longestOutcome else {
            context.console.error("error: \(error)\n")
            return false
        }
        var lines = ["error: the server answered \(status) with \(issues.count) issue\(issues.count == 1 ? "" : "s"):"]
        lines += issues.map { "  \($0)" }
        context.console.error(lines.joined(separator: "\n") + "\n")
        return false
    }

    /// Waits for the watchers to end, so no spinner draws after the command's last word.
    private func stop(_ watchers: [Task<Void, Never>]) async {
        for watcher in watchers {
            watcher.cancel()
            await watcher.value
        }
    }

    /// Runs every line (stopping at `quit`) and answers the exit status: 1 if any command failed.
    /// `stoppingServers: false` leaves the built-in servers running, for a caller about to end
    /// the process, which stops them as surely and sooner than a graceful shutdown.
    public func run(lines: some Sequence<String>, stoppingServers: Bool = true) async -> Int32 {
        var failed = false
        let pasted = PastedLines(
            lines.makeIterator(), takesJSON: { [weak self] in self?.takesJSON($0) ?? false },
            continuing: { [weak self] in self?.isContinuing = $0 })
        for line in pasted {
            if !(await execute(line)) { failed = true }
            if isFinished { break }
        }
        if stoppingServers { await shutdown() }
        return failed ? 1 : 0
    }

    /// While a command runs, Ctrl-C cancels its requests (a `connect` too); the command then
    /// fails with "cancelled" and the session goes on.
    private func watchForInterrupt() -> Task<Void, Never>? {
        guard let interrupted else { return nil }
        return Task { [cancellation = context.cancellation] in
            while !Task.isCancelled {
                if interrupted() { return cancellation.cancel() }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// On a terminal, the spinner for a command that waits for the server.
    private func showWaiting(_ waiting: String?) -> Task<Void, Never>? {
        guard context.console.interactive, let waiting else { return nil }
        return Task { [spinner = context.spinner] in await spinner.spin(waiting) }
    }

    /// The words that may end `line` (the text up to the cursor).
    public func completions(for line: String) -> [String] {
        guard var words = try? CommandWords.split(line) else { return [] }
        // The word being typed, or a new one after a space.
        if line.last?.isWhitespace ?? true { words.append("") }
        if let typed = words.last, typed.hasPrefix("@") { return Completions.paths(completing: typed) }
        guard words.count > 1 else { return commands.names }
        return commands.command(words[0])?.complete(in: self, words) ?? []
    }

    /// The base URLs of the built-in servers started so far (their ports change every run).
    public func builtinBaseURLs() async -> [String] { await context.servers.baseURLs }

    /// The sign-in secrets of the built-in SMART servers running now, which transcripts hide.
    public func builtinSignInSecrets() async -> [String] { await context.servers.signInSecrets }

    /// Whether the connected built-in server holds `reference` (`Type/id`), whoever asks; nil
    /// when the session is not on a built-in server.
    public func serverHolds(_ reference: String) async -> Bool? {
        guard let base = baseURL else { return nil }
        return await context.servers.holds(reference, on: base)
    }

    /// Stops the built-in servers.
    public func shutdown() async { await context.servers.stopAll() }

    /// Runs `command`; wrong words get its usage, which only the table knows.
    private func run(_ command: Command, _ arguments: [String]) async throws {
        // A SMART token about to expire is renewed first; one the server refuses (401) once,
        // and the command tried again with the new one.
        await context.smart.refresh()
        do {
            try await command.run(in: self, arguments)
        } catch let wrong as UsageError {
            throw REPLError(wrong.lead + "usage: " + command.usage)
        } catch ClientError.refused(401, let outcome) where context.session.smart != nil {
            guard await context.smart.refresh(force: true) else {
                throw ClientError.refused(status: 401, outcome: outcome)
            }
            try await command.run(in: self, arguments)
        }
    }
}
