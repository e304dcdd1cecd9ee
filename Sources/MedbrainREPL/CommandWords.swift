/// Splits a REPL line into words: spaces separate, quotes keep spaces, `#` starts a comment.
/// Double quotes work anywhere (`family="van Gogh"`); a single quote only at a word's start.
public enum CommandWords {
    /// `word` as one word of a command line: as it is, or in double quotes when it has a space
    /// or a quote of its own (a path, say). A word with a double quote in it is left as it is.
    public static func quoted(_ word: String) -> String {
        guard word.contains(where: { $0 == " " || $0 == "'" }), !word.contains("\"") else { return word }
        return "\"" + word + "\""
    }

    /// The words of `line`; an unclosed quote is an error naming its column.
    public static func split(_ line: String) throws(REPLError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var quoteColumn = 0
        for (column, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || (character == "'" && !inWord) {
                // An apostrophe inside a word is one (family=O'Brien); only a leading one quotes.
                (quote, quoteColumn, inWord) = (character, column + 1, true)
            } else if character == "#" && !inWord {
                break
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw REPLError("unclosed quote at column \(quoteColumn)") }
        if inWord { words.append(word) }
        return words
    }
}

/// A command that cannot run, in one line for the user; the REPL goes on.
public struct REPLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
