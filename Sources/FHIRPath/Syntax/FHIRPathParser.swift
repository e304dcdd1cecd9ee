/// Reads FHIRPath text into a tree, by precedence climbing over FHIRPath's operator levels.
struct FHIRPathParser {
    /// Deeper nesting than this is refused, so a hostile expression cannot exhaust the stack
    /// (the parser's, the checks' and the evaluator's all recurse over the tree). A chain
    /// (`1 + 1 + …`, `a.b.c…`) counts a level a link, since it deepens the tree as nesting does.
    static let maximumDepth = 100

    /// The binary operators from the loosest to the tightest level; `is` and `as` take a type.
    static let levels: [[String]] = [
        ["implies"], ["or", "xor"], ["and"], ["in", "contains"], ["=", "~", "!=", "!~"],
        ["<=", "<", ">", ">="], ["|"], ["is", "as"], ["+", "-", "&"], ["*", "/", "div", "mod"],
    ]

    private let tokens: [FHIRPathToken]
    private let expression: String
    private var position = 0
    private var depth = 0

    init(_ expression: String) throws(FHIRPathError) {
        self.expression = expression
        tokens = try FHIRPathLexer.tokens(of: expression)
    }

    /// The whole expression; anything left over is an error.
    mutating func parseAll() throws(FHIRPathError) -> FHIRPathNode {
        if current.kind == .end { throw error("the expression is empty", at: current) }
        let node = try parse(level: 0)
        guard current.kind == .end else {
            throw error("unexpected \(describe(current)) after a complete expression", at: current)
        }
        return node
    }

    var current: FHIRPathToken { tokens[position] }

    mutating func advance() -> FHIRPathToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func parse(level: Int) throws(FHIRPathError) -> FHIRPathNode {
        guard level < Self.levels.count else { return try parsePolarity() }
        var left = try parse(level: level + 1)
        var links = 0
        defer { depth -= links }
        while let op = binaryOperator(at: level) {
            let token = advance()
            try enter()
            links += 1
            if op == "is" || op == "as" {
                left = .typeTest(op, left, try typeSpecifier(after: op), offset: token.offset)
            } else {
                guard current.kind != .end else { throw error("expected an expression after '\(op)'", at: current) }
                left = .binary(op, left, try parse(level: level + 1), offset: token.offset)
            }
        }
        return left
    }

    private func binaryOperator(at level: Int) -> String? {
        let token = current
        guard token.kind == .symbol || token.kind == .identifier else { return nil }
        return Self.levels[level].contains(token.text) ? token.text : nil
    }

    private mutating func parsePolarity() throws(FHIRPathError) -> FHIRPathNode {
        if current.isSymbol("-") || current.isSymbol("+") {
            let token = advance()
            try enter()
            defer { depth -= 1 }
            return .polarity(token.text, try parsePolarity(), offset: token.offset)
        }
        return try parsePostfix(try parseTerm())
    }

    /// `.name`, `.name(arguments)` and `[index]` after a term.
    private mutating func parsePostfix(_ start: FHIRPathNode) throws(FHIRPathError) -> FHIRPathNode {
        var node = start
        var links = 0
        defer { depth -= links }
        while true {
            if current.isSymbol(".") || current.isSymbol("[") {
                try enter()
                links += 1
            }
            if current.isSymbol(".") {
                _ = advance()
                let name = current
                guard name.kind == .identifier || name.kind == .delimitedIdentifier else {
                    throw error("expected a name after '.', found \(describe(name))", at: name)
                }
                _ = advance()
                if name.kind == .identifier, current.isSymbol("(") {
                    node = .function(node, name.text, try arguments(of: name), offset: name.offset)
                } else {
                    node = .member(node, name.text, offset: name.offset)
                }
            } else if current.isSymbol("[") {
                let open = advance()
                let index = try parseNested()
                try expect("]", "to close the '[' at column \(column(of: open))")
                node = .indexer(node, index)
            } else {
                return node
            }
        }
    }

    /// A whole expression inside parentheses or arguments.
    mutating func parseNested() throws(FHIRPathError) -> FHIRPathNode {
        try enter()
        defer { leave() }
        return try parse(level: 0)
    }

    mutating func leave() { depth -= 1 }

    mutating func enter() throws(FHIRPathError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("the expression is nested too deeply (more than \(Self.maximumDepth) levels)", at: current)
        }
    }

    mutating func expect(_ symbol: String, _ purpose: String) throws(FHIRPathError) {
        guard current.isSymbol(symbol) else {
            throw error("expected '\(symbol)' \(purpose), found \(describe(current))", at: current)
        }
        _ = advance()
    }

    func column(of token: FHIRPathToken) -> Int {
        FHIRPathError(.syntax, "", at: token.offset, in: expression).column ?? 1
    }

    func describe(_ token: FHIRPathToken) -> String {
        switch token.kind {
        case .end: "the end of the expression"
        case .string: "the string '\(token.text)'"
        case .externalConstant: "%\(token.text)"
        case .special: "$\(token.text)"
        case .dateTime: "@\(token.text)"
        default: "'\(token.text)'"
        }
    }

    func error(_ message: String, at token: FHIRPathToken) -> FHIRPathError {
        FHIRPathError(.syntax, message, at: token.offset, in: expression)
    }
}
