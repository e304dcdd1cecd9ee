extension Evaluator {
    /// A binary operator: both sides are evaluated on the same focus, except where the
    /// boolean operators already know the answer from the left.
    func binary(_ op: String, _ leftNode: FHIRPathNode, _ rightNode: FHIRPathNode, focus: [FHIRPathValue], scope: Scope)
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        let left = try evaluate(leftNode, focus: focus, scope: scope)
        let right = { () throws(FHIRPathError) -> [FHIRPathValue] in
            try evaluate(rightNode, focus: focus, scope: scope)
        }
        switch op {
        case "and", "or", "xor", "implies":
            return try logic(op, left, right)
        case "=": return equal(left, try right()).map { [.boolean($0)] } ?? []
        case "!=": return equal(left, try right()).map { [.boolean(!$0)] } ?? []
        case "~": return [.boolean(equivalent(left, try right()))]
        case "!~": return [.boolean(!equivalent(left, try right()))]
        case "<", "<=", ">", ">=": return try compare(op, left, try right())
        case "|": return try union(left, try right())
        case "in": return try membership(element: left, collection: try right(), op: op)
        case "contains": return try membership(element: try right(), collection: left, op: op)
        default: return try arithmetic(op, left, try right())
        }
    }

    /// `x in c` / `c contains x`: empty when x is empty; x must be one item.
    private func membership(element: [FHIRPathValue], collection: [FHIRPathValue], op: String) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        guard let item = try single(element, for: op) else { return [] }
        return [.boolean(collection.contains { itemsEqual($0, item) == true })]
    }

    /// The items of both sides without duplicates, in order of first appearance.
    func union(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) throws(FHIRPathError) -> [FHIRPathValue] {
        try checkSize(left.count + right.count)
        return distinct(left + right)
    }

    /// The items without repeats (by `=`), keeping the first of each.
    func distinct(_ items: [FHIRPathValue]) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        var seen = Set<String>()
        for item in items {
            // Simple values are compared by a key; elements (rarer, costlier) one against another.
            if let key = hashKey(item) {
                if seen.insert(key).inserted { result.append(item) }
            } else if !result.contains(where: { itemsEqual($0, item) == true }) {
                result.append(item)
            }
        }
        return result
    }

    /// A key equal for equal strings, booleans and integers; nil for kinds compared by `=` alone.
    private func hashKey(_ item: FHIRPathValue) -> String? {
        switch item.systemValue {
        case .string(let text): "s" + text
        case .boolean(let value): value ? "true" : "false"
        case .integer(let value): "n" + String(value)
        default: nil
        }
    }
}
