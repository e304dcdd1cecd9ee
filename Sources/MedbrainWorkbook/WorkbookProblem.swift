/// A problem without its place, which the parser adds (a ``FileError`` then names the file and line).
public struct WorkbookProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
