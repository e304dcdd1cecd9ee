/// A transcript or lesson that cannot be read: the file, the line and the problem.
public struct WorkbookFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let problem: String

    public var description: String { "\(file):\(line): \(problem)" }
}

/// A problem without its place, which the parser adds.
public struct WorkbookProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
