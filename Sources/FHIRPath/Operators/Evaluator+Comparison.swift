extension Evaluator {
    /// `<`, `<=`, `>`, `>=`: one item each side (empty if either is empty), of kinds that compare.
    func compare(_ op: String, _ left: [FHIRPathValue], _ right: [FHIRPathValue]) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        guard let a = try single(left, for: op), let b = try single(right, for: op) else { return [] }
        guard let order = try order(a, b, for: op) else { return [] }
        switch op {
        case "<": return [.boolean(order < 0)]
        case "<=": return [.boolean(order <= 0)]
        case ">": return [.boolean(order > 0)]
        default: return [.boolean(order >= 0)]
        }
    }

    /// -1, 0 or 1; nil when FHIRPath cannot tell (dates of different precision).
    func order(_ a: FHIRPathValue, _ b: FHIRPathValue, for op: String) throws(FHIRPathError) -> Int? {
        switch (a.systemValue, b.systemValue) {
        case (.string(let x), .string(let y)):
            return x == y ? 0 : (x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1)
        case (.dateTime(let x), .dateTime(let y)):
            guard x.kind == .time ? y.kind == .time : y.kind != .time else { break }
            return FHIRPathDateTime.compare(x, y)
        case (.dateTime(let x), .string(let text)):
            if let y = FHIRPathDateTime(parsing: text, kind: x.kind) { return FHIRPathDateTime.compare(x, y) }
        case (.string(let text), .dateTime(let y)):
            if let x = FHIRPathDateTime(parsing: text, kind: y.kind) { return FHIRPathDateTime.compare(x, y) }
        case (.quantity(let x), .quantity(let y)):
            return FHIRPathQuantity.compare(x, y)
        case (let x, let y):
            if let (l, r) = numericPair(x, y) { return l.compare(to: r) }
        }
        throw FHIRPathError(.execution, "\(op) cannot compare \(a.typeName) with \(b.typeName)")
    }

    /// The one item of an operand; nil when empty; more than one is an error.
    func single(_ items: [FHIRPathValue], for op: String) throws(FHIRPathError) -> FHIRPathValue? {
        guard items.count <= 1 else {
            throw FHIRPathError(.execution, "'\(op)' needs one item on each side, not \(items.count)")
        }
        return items.first
    }
}
