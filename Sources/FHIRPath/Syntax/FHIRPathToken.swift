/// One token of a FHIRPath expression, with where it starts for error messages.
struct FHIRPathToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A name: `given`, `where`, `and`; keywords are told apart by the parser, by position.
        case identifier
        /// A name in backticks, never a keyword: `` `given` ``.
        case delimitedIdentifier
        case string
        case number
        /// `@2015-02-04`, `@2015-02-04T14:34`, `@T14:34`: the text after `@`.
        case dateTime
        /// `%name` or `` %`name` ``: the text is the name.
        case externalConstant
        /// `$this`, `$index`, `$total`: the text is the name without `$`.
        case special
        /// Punctuation and operators: `.`, `(`, `<=`, `!~`, …
        case symbol
        case end
    }

    let kind: Kind
    /// The token's value: a name, the decoded string, the number as written, the symbol.
    let text: String
    /// Offset in the expression's characters (for the column and the caret).
    let offset: Int

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// A plain identifier spelled `word` (keywords such as `and` or `div` are plain identifiers).
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}
