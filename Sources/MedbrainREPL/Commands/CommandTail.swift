/// How the rest of a command's line is read, which the command says in the table: most take
/// words of the command language; some end with text in a language of its own, kept as typed,
/// since its quotes and `#` are that language's.
public enum CommandTail: Sendable, Equatable {
    /// Words: spaces separate, quotes keep spaces, `#` starts a comment (``CommandWords``).
    case words
    /// Words, then JSON from the first `{` or `[` to the end of the line (`create TYPE {…}`),
    /// continued on the next lines while its brackets are open (``PastedLines``).
    case json
    /// An optional `@FILE`, then an expression to the end of the line (`fhirpath name.given`).
    case expression

    /// The words of `line`, read as this tail reads them; the command's name first.
    func words(of line: String) throws(REPLError) -> [String] {
        switch self {
        case .words: return try CommandWords.split(line)
        case .json:
            guard let brace = JSONTail.start(in: line) else { return try CommandWords.split(line) }
            let head = try CommandWords.split(String(line[..<brace]))
            return head + [String(line[brace...]).trimmingCharacters(in: .whitespacesAndNewlines)]
        case .expression: return Self.expressionWords(of: line)
        }
    }

    /// The name, an `@FILE` if one comes first, and the expression as typed.
    private static func expressionWords(of line: String) -> [String] {
        var rest = line.drop { $0.isWhitespace }
        let name = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(name.count).drop { $0.isWhitespace }
        var words = [String(name)]
        if rest.hasPrefix("@") {
            let file = rest.prefix { !$0.isWhitespace }
            words.append(String(file))
            rest = rest.dropFirst(file.count).drop { $0.isWhitespace }
        }
        let expression = rest.trimmingCharacters(in: .whitespaces)
        if !expression.isEmpty { words.append(expression) }
        return words
    }

    /// The command a line names, by its first word: lowercased, or nil for none.
    static func commandName(of line: String) -> String? {
        let name = line.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
        return name.isEmpty || name.hasPrefix("#") ? nil : name.lowercased()
    }
}
