/// Splits a FHIRPath expression into tokens, skipping whitespace and comments.
struct FHIRPathLexer {
    private let characters: [Character]
    private let expression: String
    private var index = 0

    /// Where the lexer is, and the character there (for the literal readers in the extension).
    var offset: Int { index }
    var current: Character? { peek() }
    mutating func advance() { index += 1 }
    /// The character after the current one.
    var following: Character? { peek(1) }

    init(_ expression: String) {
        self.expression = expression
        characters = Array(expression)
    }

    /// All tokens, ending with an `.end` token at the end of the text.
    static func tokens(of expression: String) throws(FHIRPathError) -> [FHIRPathToken] {
        var lexer = FHIRPathLexer(expression)
        var tokens: [FHIRPathToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(FHIRPathError) -> FHIRPathToken {
        try skipSpaceAndComments()
        guard let first = peek() else { return FHIRPathToken(kind: .end, text: "", offset: index) }
        let start = index
        if first.isLetter || first == "_" { return FHIRPathToken(kind: .identifier, text: word(), offset: start) }
        if first.isASCII, first.isNumber { return FHIRPathToken(kind: .number, text: number(), offset: start) }
        switch first {
        case "'":
            return FHIRPathToken(kind: .string, text: try quoted(by: "'"), offset: start)
        case "`":
            return FHIRPathToken(kind: .delimitedIdentifier, text: try quoted(by: "`"), offset: start)
        case "@":
            index += 1
            return FHIRPathToken(kind: .dateTime, text: try dateTimeText(from: start), offset: start)
        case "%":
            index += 1
            let name = peek() == "`" ? try quoted(by: "`") : peek() == "'" ? try quoted(by: "'") : word()
            guard !name.isEmpty else { throw error("expected a name after %", at: start) }
            return FHIRPathToken(kind: .externalConstant, text: name, offset: start)
        case "$":
            index += 1
            let name = word()
            guard ["this", "index", "total"].contains(name) else {
                throw error("unknown special variable $\(name) (there are $this, $index and $total)", at: start)
            }
            return FHIRPathToken(kind: .special, text: name, offset: start)
        default:
            return FHIRPathToken(kind: .symbol, text: try symbol(), offset: start)
        }
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    private mutating func skipSpaceAndComments() throws(FHIRPathError) {
        while let character = peek() {
            if character.isWhitespace {
                index += 1
            } else if character == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
            } else if character == "/", peek(1) == "*" {
                let start = index
                index += 2
                while peek() != nil, !(peek() == "*" && peek(1) == "/") { index += 1 }
                guard peek() != nil else { throw error("comment /* is not closed with */", at: start) }
                index += 2
            } else {
                return
            }
        }
    }

    private mutating func word() -> String {
        let start = index
        while let character = peek(), character.isLetter || character.isNumber || character == "_" { index += 1 }
        return String(characters[start..<index])
    }

    /// Digits with an optional fraction; `1.is(...)` stays the integer 1 followed by `.`.
    private mutating func number() -> String {
        let start = index
        skipDigits()
        if peek() == ".", let after = peek(1), after.isASCII, after.isNumber {
            index += 1
            skipDigits()
        }
        if peek() == "L" { index += 1 }
        return String(characters[start..<index])
    }

    private mutating func skipDigits() {
        while let character = peek(), character.isASCII, character.isNumber { index += 1 }
    }

    private mutating func symbol() throws(FHIRPathError) -> String {
        let two = peek(1).map { String([characters[index], $0]) } ?? ""
        if ["<=", ">=", "!=", "!~"].contains(two) {
            index += 2
            return two
        }
        let one = characters[index]
        guard "+-*/&|=~<>()[]{},.".contains(one) else {
            throw error("unexpected character '\(one)'", at: index)
        }
        index += 1
        return String(one)
    }

    func error(_ message: String, at offset: Int) -> FHIRPathError {
        FHIRPathError(.syntax, message, at: offset, in: expression)
    }
}
