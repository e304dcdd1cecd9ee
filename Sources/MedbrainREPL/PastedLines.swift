import FHIRModel

/// Lines as the user means them: a JSON body pasted across lines (as an editor or a web page
/// copies it) is one command, read on until its braces close, as psql reads a statement until
/// its semicolon.
public struct PastedLines<Base: IteratorProtocol<String>>: Sequence, IteratorProtocol {
    /// What an interrupted continuation line is (Ctrl-C): the whole command is dropped.
    public static var abandoned: String { "\u{03}" }

    private var base: Base
    /// Whether the command a line names ends with JSON (``CommandTail/json``).
    private let takesJSON: (String) -> Bool
    /// Told true while a command goes on past its first line, so a terminal can say so in its prompt.
    private let continuing: (Bool) -> Void

    public init(
        _ base: Base, takesJSON: @escaping (String) -> Bool, continuing: @escaping (Bool) -> Void = { _ in }
    ) {
        self.base = base
        self.takesJSON = takesJSON
        self.continuing = continuing
    }

    public mutating func next() -> String? {
        guard var line = base.next() else { return nil }
        defer { continuing(false) }
        while let name = CommandTail.commandName(of: line), takesJSON(name), JSONTail.isOpen(in: line) {
            continuing(true)
            // At the end of the input the command runs as it is, and its JSON's error says what is missing.
            guard let more = base.next() else { break }
            if more == Self.abandoned { return "" }
            line += "\n" + more
        }
        return line == Self.abandoned ? "" : line
    }
}

/// The JSON a command takes at the end of its line (``CommandTail/json``): where it starts, and
/// whether its brackets are still open.
enum JSONTail {
    /// Where the JSON of `line` starts: its first `{` or `[` after the command's name.
    static func start(in line: String) -> String.Index? {
        guard let brace = line.firstIndex(where: { $0 == "{" || $0 == "[" }),
            (try? CommandWords.split(String(line[..<brace])))?.isEmpty == false
        else { return nil }
        return brace
    }

    /// Whether the JSON at the end of `line` has an object or array not yet closed. A string's
    /// brackets do not count, nor an escaped quote; more closers than openers is not open (the
    /// parser says what is wrong).
    static func isOpen(in line: String) -> Bool {
        guard let start = start(in: line) else { return false }
        var closedTooMuch = false
        let end = JSONBrackets.walk(line[start...]) { _, depth in
            closedTooMuch = depth < 0
            return !closedTooMuch
        }
        return !closedTooMuch && (end.depth > 0 || end.inString)
    }
}
