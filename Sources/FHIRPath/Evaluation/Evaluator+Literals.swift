extension Evaluator {
    /// The value a literal stands for.
    func value(of literal: FHIRPathLiteral) throws(FHIRPathError) -> [FHIRPathValue] {
        switch literal {
        case .empty: return []
        case .boolean(let value): return [.boolean(value)]
        case .string(let text): return [.string(text)]
        case .number(let text): return [try number(text)]
        case .dateTime(let text):
            guard let value = FHIRPathDateTime(literal: text) else {
                throw FHIRPathError(.syntax, "@\(text) is not a valid date, date-time or time")
            }
            return [.dateTime(value)]
        case .quantity(let text, let unit, let isCalendarWord):
            guard case .decimal(let value) = try number(text, asDecimal: true) else { return [] }
            return [.quantity(FHIRPathQuantity(value: value, unit: unit, isCalendarWord: isCalendarWord))]
        }
    }

    /// An integer literal (32-bit, as FHIRPath's Integer; `L` marks a Long, kept as an integer here)
    /// or a decimal one.
    private func number(_ text: String, asDecimal: Bool = false) throws(FHIRPathError) -> FHIRPathValue {
        let digits = text.hasSuffix("L") ? String(text.dropLast()) : text
        if !asDecimal, !digits.contains("."), let value = Int(digits) {
            guard text.hasSuffix("L") || value <= Int(Int32.max) else {
                throw FHIRPathError(.syntax, "\(text) is too large for an Integer (at most 2147483647)")
            }
            return .integer(value)
        }
        guard let value = FHIRPathDecimal(text: digits) else {
            throw FHIRPathError(.syntax, "\(text) is not a number")
        }
        return .decimal(value)
    }

    /// An index or count argument: one integer, or nil when empty.
    func integerArgument(_ items: [FHIRPathValue], of what: String) throws(FHIRPathError) -> Int? {
        guard let item = items.first?.systemValue else { return nil }
        guard items.count == 1, case .integer(let value) = item else {
            throw FHIRPathError(
                .execution,
                "\(what) needs one integer, not \(items.count == 1 ? item.typeName : "\(items.count) items")")
        }
        return value
    }

    /// Calls a function of the library (the check before evaluation made sure it exists).
    func call(_ name: String, on input: [FHIRPathValue], arguments: [FHIRPathNode], scope: Scope)
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        guard let function = FunctionLibrary.functions[name] else {
            throw FHIRPathError(.semantic, "unknown function '\(name)'")
        }
        let result = try function.body(self, FunctionCall(name: name, input: input, arguments: arguments, scope: scope))
        try checkSize(result.count)
        return result
    }
}
