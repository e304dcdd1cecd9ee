extension FHIRPathParser {
    /// The calendar words a quantity literal may use as its unit (`4 weeks`).
    static let calendarWords: Set<String> = [
        "year", "years", "month", "months", "week", "weeks", "day", "days", "hour", "hours",
        "minute", "minutes", "second", "seconds", "millisecond", "milliseconds",
    ]

    /// A literal, a name, a function call without a receiver, a variable, or `( expression )`.
    mutating func parseTerm() throws(FHIRPathError) -> FHIRPathNode {
        let token = current
        switch token.kind {
        case .string:
            _ = advance()
            return .literal(.string(token.text))
        case .number:
            _ = advance()
            return .literal(quantityOrNumber(token.text))
        case .dateTime:
            _ = advance()
            return .literal(.dateTime(token.text))
        case .externalConstant:
            _ = advance()
            return .externalConstant(token.text, offset: token.offset)
        case .special:
            _ = advance()
            return .special(token.text)
        case .identifier, .delimitedIdentifier:
            return try name()
        case .symbol where token.text == "(":
            _ = advance()
            let inner = try parseNested()
            try expect(")", "to close the '(' at column \(column(of: token))")
            return inner
        case .symbol where token.text == "{":
            _ = advance()
            try expect("}", "after '{' (the empty collection is written {})")
            return .literal(.empty)
        default:
            throw error("expected an expression, found \(describe(token))", at: token)
        }
    }

    private mutating func quantityOrNumber(_ number: String) -> FHIRPathLiteral {
        if current.kind == .string {
            let unit = advance()
            return .quantity(number, unit: unit.text, isCalendarWord: false)
        }
        if current.kind == .identifier, Self.calendarWords.contains(current.text) {
            let unit = advance()
            return .quantity(number, unit: unit.text, isCalendarWord: true)
        }
        return .number(number)
    }

    private mutating func name() throws(FHIRPathError) -> FHIRPathNode {
        let token = advance()
        if token.kind == .identifier {
            if token.text == "true" || token.text == "false" { return .literal(.boolean(token.text == "true")) }
            if current.isSymbol("(") {
                return .function(nil, token.text, try arguments(of: token), offset: token.offset)
            }
        }
        return .identifier(token.text, offset: token.offset)
    }

    /// `( expression, expression, … )` after a function's name.
    mutating func arguments(of name: FHIRPathToken) throws(FHIRPathError) -> [FHIRPathNode] {
        _ = advance()
        var arguments: [FHIRPathNode] = []
        if current.isSymbol(")") {
            _ = advance()
            return arguments
        }
        while true {
            arguments.append(try parseNested())
            if current.isSymbol(",") {
                _ = advance()
                continue
            }
            try expect(")", "after the arguments of \(name.text)")
            return arguments
        }
    }

    /// The type after `is` or `as`: `Quantity`, `FHIR.string`, `` System.`Integer` ``.
    mutating func typeSpecifier(after op: String) throws(FHIRPathError) -> FHIRPathTypeSpecifier {
        var parts: [String] = []
        repeat {
            if !parts.isEmpty { _ = advance() }
            let token = current
            guard token.kind == .identifier || token.kind == .delimitedIdentifier else {
                throw error("expected a type name after '\(op)', found \(describe(token))", at: token)
            }
            parts.append(advance().text)
        } while current.isSymbol(".") && parts.count < 2
        return parts.count == 2
            ? FHIRPathTypeSpecifier(namespace: parts[0], name: parts[1])
            : FHIRPathTypeSpecifier(namespace: nil, name: parts[0])
    }
}
