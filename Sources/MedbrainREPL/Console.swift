/// Where the REPL writes: standard output and error in the program, strings in tests.
public struct Console: Sendable {
    public let output: @Sendable (String) -> Void
    public let error: @Sendable (String) -> Void
    /// Columns for tables and charts, measured each time they are drawn: a terminal resized
    /// between two commands gets tables that fit it now.
    public var width: Int { measureWidth() }
    private let measureWidth: @Sendable () -> Int
    /// Whether colour may be used (a terminal without NO_COLOR).
    public var colour: Bool
    /// Whether a person watches: a spinner then shows while a command waits for the server.
    public var interactive: Bool
    /// Whether the terminal shows UTF-8; without it every character written is ASCII.
    public var unicode: Bool

    public init(
        width: @escaping @autoclosure @Sendable () -> Int = 80, colour: Bool = false, interactive: Bool = false,
        unicode: Bool = true,
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        measureWidth = width
        self.colour = colour
        self.interactive = interactive
        self.unicode = unicode
        self.output = output
        self.error = error
    }

    func line(_ text: String = "") { output(text + "\n") }
}
