/// A file that cannot be used: which file, the line when one is at fault, and what is wrong.
/// Every file Medbrain reads or writes (a lesson, a transcript, a server's data file and its
/// journal, a language, the server profiles, a bundled table) fails in this one shape, so every
/// such error reads as a compiler's does: `FILE:LINE: problem`, or `FILE: problem`.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it, or as the program knows it (`built-in de.json`).
    public let file: String
    /// From 1; nil when the problem is the whole file's (it cannot be read, it is a folder).
    public let line: Int?
    public let problem: String

    public init(file: String, line: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        guard let line else { return "\(file): \(problem)" }
        return "\(file):\(line): \(problem)"
    }
}
