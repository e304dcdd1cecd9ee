/// Where the REPL writes: standard output and error in the program, strings in tests.
public struct Console: Sendable {
    public let output: @Sendable (String) -> Void
    public let error: @Sendable (String) -> Void
    /// Columns for tables and charts.
    public var width: Int
    /// Whether colour may be used (a terminal without NO_COLOR).
    public var colour: Bool

    public init(
        width: Int = 80, colour: Bool = false, output: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.width = width
        self.colour = colour
        self.output = output
        self.error = error
    }

    func line(_ text: String = "") { output(text + "\n") }
}
