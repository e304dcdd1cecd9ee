extension Evaluator {
    /// `+ - * / div mod &`: one item each side; empty if either is empty (but `&` reads empty as '').
    func arithmetic(_ op: String, _ left: [FHIRPathValue], _ right: [FHIRPathValue]) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        if op == "&" {
            var joined = ""
            for side in [left, right] {
                if let item = try single(side, for: op) { joined += try text(of: item, for: op) }
            }
            return [.string(joined)]
        }
        guard let a = try single(left, for: op)?.systemValue, let b = try single(right, for: op)?.systemValue else {
            return []
        }
        switch (a, b) {
        case (.integer(let x), .integer(let y)) where op != "/":
            return integerArithmetic(op, x, y)
        case (.string(let x), .string(let y)) where op == "+":
            return [.string(x + y)]
        case (.dateTime(let x), .quantity(let y)) where op == "+" || op == "-":
            let amount = op == "+" ? y.value : y.value.negated
            guard let result = x.adding(amount.value, unit: y.unit) else {
                throw FHIRPathError(.execution, "\(op) cannot move a \(a.typeName) by \(y.text)")
            }
            return [.dateTime(result)]
        case (.quantity, _), (_, .quantity):
            return try quantityArithmetic(op, a, b)
        default:
            if let (x, y) = numericPair(a, b) { return decimalArithmetic(op, x, y) }
        }
        throw FHIRPathError(.execution, "'\(op)' cannot combine \(a.typeName) and \(b.typeName)")
    }

    private func integerArithmetic(_ op: String, _ x: Int, _ y: Int) -> [FHIRPathValue] {
        let result: (Int, Bool)
        switch op {
        case "+": result = x.addingReportingOverflow(y)
        case "-": result = x.subtractingReportingOverflow(y)
        case "*": result = x.multipliedReportingOverflow(by: y)
        case "div": guard y != 0 else { return [] }; result = x.dividedReportingOverflow(by: y)
        default: guard y != 0 else { return [] }; result = x.remainderReportingOverflow(dividingBy: y)
        }
        // FHIRPath integers are 32-bit; leaving the range gives empty rather than a wrong number.
        guard !result.1, result.0 >= Int(Int32.min), result.0 <= Int(Int32.max) else { return [] }
        return [.integer(result.0)]
    }

    private func decimalArithmetic(_ op: String, _ x: FHIRPathDecimal, _ y: FHIRPathDecimal) -> [FHIRPathValue] {
        let result: FHIRPathDecimal?
        switch op {
        case "+": result = x.adding(y)
        case "-": result = x.subtracting(y)
        case "*": result = x.multiplied(by: y)
        case "/": result = x.divided(by: y)
        case "div": return x.integerDivided(by: y).map { [.integer($0)] } ?? []
        default: result = x.remainder(dividingBy: y)
        }
        return result.map { [.decimal($0)] } ?? []
    }

    private func quantityArithmetic(_ op: String, _ a: FHIRPathValue, _ b: FHIRPathValue) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        let x = quantity(of: a)
        let y = quantity(of: b)
        guard let x, let y else {
            throw FHIRPathError(.execution, "'\(op)' cannot combine \(a.typeName) and \(b.typeName)")
        }
        let result: FHIRPathQuantity?
        switch op {
        case "+": result = FHIRPathQuantity.add(x, y)
        case "-": result = FHIRPathQuantity.subtract(x, y)
        case "*": result = FHIRPathQuantity.multiply(x, y)
        case "/": result = FHIRPathQuantity.divide(x, y)
        default: throw FHIRPathError(.execution, "'\(op)' does not apply to quantities")
        }
        guard let result else {
            if op == "/" { return [] }
            throw FHIRPathError(.execution, "'\(op)' cannot combine \(x.text) and \(y.text): the units differ")
        }
        return [.quantity(result)]
    }

    /// A quantity, or a number as a quantity of unit '1' (for `2 * 3 'mg'`).
    func quantity(of value: FHIRPathValue) -> FHIRPathQuantity? {
        if case .quantity(let quantity) = value.systemValue { return quantity }
        return decimal(of: value).map { FHIRPathQuantity(value: $0, unit: "1") }
    }

    /// `-x` and `+x` on a number or quantity.
    func polarity(_ sign: String, _ items: [FHIRPathValue]) throws(FHIRPathError) -> [FHIRPathValue] {
        guard let item = try single(items, for: sign)?.systemValue else { return [] }
        if sign == "+" {
            switch item {
            case .integer, .decimal, .quantity: return [item]
            default: break
            }
        } else {
            switch item {
            case .integer(let value): return [.integer(-value)]
            case .decimal(let value): return [.decimal(value.negated)]
            case .quantity(let value):
                return [.quantity(FHIRPathQuantity(value: value.value.negated, unit: value.unit))]
            default: break
            }
        }
        throw FHIRPathError(.execution, "'\(sign)' works on numbers and quantities, not on \(item.typeName)")
    }

    /// The text `&` joins: strings as they are (other kinds are an error).
    private func text(of value: FHIRPathValue, for op: String) throws(FHIRPathError) -> String {
        guard case .string(let text) = value.systemValue else {
            throw FHIRPathError(.execution, "'\(op)' joins strings, not \(value.typeName)")
        }
        return text
    }
}
