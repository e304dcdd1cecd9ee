/// Text that is not JSON, with where the problem is, for a one-line message to the user.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int

    public var description: String { "malformed JSON at line \(line), column \(column): \(message)" }
}
