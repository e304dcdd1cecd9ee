/// FHIRPath's `aggregate` and `sort`, and the aggregates of FHIRPath 2.1 (`sum`, `min`, `max`, `avg`).
extension FunctionLibrary {
    static var aggregates: [String: FHIRPathFunction] {
        [
            "aggregate": FHIRPathFunction(1...2, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                var total = call.arguments.count > 1 ? try call.argument(1, evaluator) : []
                for (index, item) in call.input.enumerated() {
                    total = try call.argument(0, for: item, at: index, evaluator, total: total)
                }
                return total
            },
            "sort": FHIRPathFunction(0...8, perItem: Set(0..<8)) { evaluator, call throws(FHIRPathError) in
                try sort(call, evaluator)
            },
            "sum": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                try fold(call, evaluator) { total, item throws(FHIRPathError) in
                    try evaluator.arithmetic("+", [total], [item])
                }
            },
            "min": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                try fold(call, evaluator) { best, item throws(FHIRPathError) in
                    try evaluator.order(item, best, for: "min()") ?? 0 < 0 ? [item] : [best]
                }
            },
            "max": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                try fold(call, evaluator) { best, item throws(FHIRPathError) in
                    try evaluator.order(item, best, for: "max()") ?? 0 > 0 ? [item] : [best]
                }
            },
            "avg": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                let sum = try fold(call, evaluator) { total, item throws(FHIRPathError) in
                    try evaluator.arithmetic("+", [total], [item])
                }
                return sum.isEmpty ? [] : try evaluator.arithmetic("/", sum, [.integer(call.input.count)])
            },
        ]
    }

    private static func fold(
        _ call: FunctionCall, _ evaluator: Evaluator,
        _ step: (FHIRPathValue, FHIRPathValue) throws(FHIRPathError) -> [FHIRPathValue]
    ) throws(FHIRPathError) -> [FHIRPathValue] {
        guard var result = call.input.first?.systemValue else { return [] }
        for item in call.input.dropFirst() {
            guard let next = try step(result, item.systemValue).first else { return [] }
            result = next
        }
        return [result]
    }

    /// `sort(key, …)`: by each key in turn; a key written `-key` sorts descending.
    private static func sort(_ call: FunctionCall, _ evaluator: Evaluator) throws(FHIRPathError) -> [FHIRPathValue] {
        let keys: [(node: FHIRPathNode, descending: Bool)] = call.arguments.map { node in
            if case .polarity("-", let inner, _) = node { return (inner, true) }
            return (node, false)
        }
        var rows: [(item: FHIRPathValue, keys: [FHIRPathValue?])] = []
        for (index, item) in call.input.enumerated() {
            var values: [FHIRPathValue?] = []
            for key in keys {
                let scope = Scope(this: [item], index: index, total: nil)
                values.append(try evaluator.evaluate(key.node, focus: [item], scope: scope).first)
            }
            rows.append((item, keys.isEmpty ? [item] : values))
        }
        var failure: FHIRPathError?
        let sorted = rows.sorted { a, b in
            for (position, (x, y)) in zip(a.keys, b.keys).enumerated() {
                guard let x, let y else { if (x == nil) != (y == nil) { return x == nil }; continue }
                do throws(FHIRPathError) {
                    let order = try evaluator.order(x, y, for: "sort()") ?? 0
                    if order != 0 { return position < keys.count && keys[position].descending ? order > 0 : order < 0 }
                } catch {
                    failure = error
                }
            }
            return false
        }
        if let failure { throw failure }
        return sorted.map { $0.item }
    }
}
