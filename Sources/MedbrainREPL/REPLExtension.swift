/// Commands an outer layer adds to the REPL, such as the workbook's lessons. The REPL asks
/// an extension for a command it does not know, lists its commands in `help` and completes
/// their names, and tells it after every command, so a lesson can check its step.
public protocol REPLExtension: AnyObject {
    /// The section `help` lists the commands under, such as "Workbook".
    var title: String { get }
    var commands: [ExtensionCommand] { get }
    func run(_ name: String, _ arguments: [String], in repl: REPL) async throws
    func commandFinished(_ line: String, succeeded: Bool, in repl: REPL) async
    /// Words that may follow `words` (the command and its arguments so far).
    func completions(for words: [String], in repl: REPL) -> [String]
}

/// A command an extension adds: its name, usage and what it does, for `help`.
public struct ExtensionCommand: Sendable {
    public let name: String
    public let usage: String
    public let summary: String
    public let example: String

    public init(name: String, usage: String, summary: String, example: String) {
        (self.name, self.usage, self.summary, self.example) = (name, usage, summary, example)
    }
}
