/// One REPL command: its name, what `help` says of it, what its spinner shows, what Tab offers
/// after it, and what it runs. The dispatcher, `help`, completion and the workbook all read
/// the same value, so adding a command is adding one value to its group.
public struct Command {
    /// What runs an extension's command (a lesson's): the REPL, which it drives, and the words
    /// after the command's name. A built-in command runs on the narrower ``CommandContext``.
    public typealias Run = (REPL, [String]) async throws -> Void
    /// What Tab offers for the last word of `words` (the command's name first, the word being
    /// typed last, empty after a space).
    public typealias Complete = (REPL, [String]) -> [String]

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
    public let complete: Complete
    public let run: Run

    public init(
        _ name: String, aliases: [String] = [], usage: String, summary: String, section: String = "",
        example: String, waiting: String? = nil, tail: CommandTail = .words,
        complete: @escaping Complete = { _, _ in [] }, run: @escaping Run
    ) {
        (self.name, self.aliases, self.usage, self.summary) = (name, aliases, usage, summary)
        (self.section, self.example, self.waiting, self.tail, self.complete, self.run) = (
            section, example, waiting, tail, complete, run
        )
    }

    /// A built-in command: its body and its completion see the command context, not the REPL.
    static func builtin(
        _ name: String, aliases: [String] = [], usage: String, summary: String, section: String = "",
        example: String, waiting: String? = nil, tail: CommandTail = .words,
        complete: @escaping (CommandContext, [String]) -> [String] = { _, _ in [] },
        run: @escaping (CommandContext, [String]) async throws -> Void
    ) -> Command {
        Command(
            name, aliases: aliases, usage: usage, summary: summary, section: section, example: example,
            waiting: waiting, tail: tail, complete: { repl, words in complete(repl.context, words) },
            run: { repl, words in try await run(repl.context, words) })
    }

    /// Whether `word` (lowercased) names this command.
    func answers(to word: String) -> Bool { word == name || aliases.contains(word) }
}

/// Commands `help` lists under one title, in the order a student meets them.
public struct CommandGroup {
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
