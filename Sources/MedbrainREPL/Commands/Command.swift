/// One REPL command: its name, what `help` says of it, what its spinner shows, what Tab offers
/// after it, and what it runs. The dispatcher, `help`, completion and the workbook all read
/// the same value, so adding a command is adding one value to its group.
public struct Command: Sendable {
    /// What runs an extension's command (a lesson's): the session as a lesson sees it
    /// (``LessonHost``) and the words after the command's name. A built-in command runs on the
    /// ``CommandContext``.
    public typealias Run = @Sendable (any LessonHost, [String]) async throws -> Void
    /// What Tab offers for the last word of `words` (the command's name first, the word being
    /// typed last, empty after a space).
    public typealias Complete = @Sendable (any LessonHost, [String]) -> [String]

    public let name: String
    /// Other names it answers to (`exit` for `quit`).
    public let aliases: [String]
    public let usage: String
    public let summary: String
    /// The tutorial's section (`§12.7`) or the FHIR specification's page (`http.html#search`).
    public let section: String
    public let example: String
    /// What the spinner says while the command waits for the server; nil: it never waits.
    public let waiting: String?
    /// How the rest of its line is read.
    public let tail: CommandTail
    /// What it runs and what Tab offers, on the seam its kind works through.
    let body: Body

    enum Body: Sendable {
        case builtin(
            run: @Sendable (CommandContext, [String]) async throws -> Void,
            complete: @Sendable (CommandContext, [String]) -> [String])
        case lesson(run: Run, complete: Complete)
    }

    /// An extension's command (a lesson's), working through the ``LessonHost``.
    public init(
        _ name: String, aliases: [String] = [], usage: String, summary: String, section: String = "",
        example: String, waiting: String? = nil, tail: CommandTail = .words,
        complete: @escaping Complete = { _, _ in [] }, run: @escaping Run
    ) {
        self.init(
            name, aliases: aliases, usage: usage, summary: summary, section: section, example: example,
            waiting: waiting, tail: tail, body: .lesson(run: run, complete: complete))
    }

    private init(
        _ name: String, aliases: [String], usage: String, summary: String, section: String, example: String,
        waiting: String?, tail: CommandTail, body: Body
    ) {
        (self.name, self.aliases, self.usage, self.summary) = (name, aliases, usage, summary)
        (self.section, self.example, self.waiting, self.tail, self.body) = (section, example, waiting, tail, body)
    }

    /// A built-in command: its body and its completion see the command context, not the REPL.
    static func builtin(
        _ name: String, aliases: [String] = [], usage: String, summary: String, section: String = "",
        example: String, waiting: String? = nil, tail: CommandTail = .words,
        complete: @escaping @Sendable (CommandContext, [String]) -> [String] = { _, _ in [] },
        run: @escaping @Sendable (CommandContext, [String]) async throws -> Void
    ) -> Command {
        Command(
            name, aliases: aliases, usage: usage, summary: summary, section: section, example: example,
            waiting: waiting, tail: tail, body: .builtin(run: run, complete: complete))
    }

    /// Runs the command in `repl` with `arguments`.
    func run(in repl: REPL, _ arguments: [String]) async throws {
        switch body {
        case .builtin(let run, _): try await run(repl.context, arguments)
        case .lesson(let run, _): try await run(repl, arguments)
        }
    }

    /// What Tab offers for the last of `words`.
    func complete(in repl: REPL, _ words: [String]) -> [String] {
        switch body {
        case .builtin(_, let complete): complete(repl.context, words)
        case .lesson(_, let complete): complete(repl, words)
        }
    }

    /// Whether `word` (lowercased) names this command.
    func answers(to word: String) -> Bool { word == name || aliases.contains(word) }
}

/// Commands `help` lists under one title, in the order a student meets them.
public struct CommandGroup: Sendable {
    public let title: String
    public let commands: [Command]

    public init(_ title: String, _ commands: [Command]) {
        (self.title, self.commands) = (title, commands)
    }
}

/// Thrown by a command given words it cannot use; the REPL answers with the command's usage,
/// which the command table holds, so no command looks its own usage up by name.
public struct UsageError: Error, Sendable {
    /// Said before the usage (`which order? `).
    public let lead: String

    public init(_ lead: String = "") { self.lead = lead }
}
