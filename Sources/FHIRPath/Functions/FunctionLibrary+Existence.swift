/// FHIRPath §5.1, existence: what a collection holds.
extension FunctionLibrary {
    static var existence: [String: FHIRPathFunction] {
        [
            "empty": FHIRPathFunction(0) { _, call in [.boolean(call.input.isEmpty)] },
            "exists": FHIRPathFunction(0...1, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                if call.arguments.isEmpty { return [.boolean(!call.input.isEmpty)] }
                return [.boolean(!(try filter(call, evaluator)).isEmpty)]
            },
            "all": FHIRPathFunction(1, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                for (index, item) in call.input.enumerated() {
                    let result = try call.argument(0, for: item, at: index, evaluator)
                    if try Evaluator.singletonBoolean(result, for: "all()'s criteria") != true {
                        return [.boolean(false)]
                    }
                }
                return [.boolean(true)]
            },
            "allTrue": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                [.boolean(try booleans(call).allSatisfy { $0 })]
            },
            "anyTrue": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                [.boolean(try booleans(call).contains(true))]
            },
            "allFalse": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                [.boolean(try booleans(call).allSatisfy { !$0 })]
            },
            "anyFalse": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                [.boolean(try booleans(call).contains(false))]
            },
            "subsetOf": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let other = try call.argument(0, evaluator)
                return [
                    .boolean(
                        call.input.allSatisfy { item in other.contains { evaluator.itemsEqual($0, item) == true } })
                ]
            },
            "supersetOf": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let other = try call.argument(0, evaluator)
                return [
                    .boolean(
                        other.allSatisfy { item in call.input.contains { evaluator.itemsEqual($0, item) == true } })
                ]
            },
            "count": FHIRPathFunction(0) { _, call in [.integer(call.input.count)] },
            "distinct": FHIRPathFunction(0) { evaluator, call in evaluator.distinct(call.input) },
            "isDistinct": FHIRPathFunction(0) { evaluator, call in
                [.boolean(evaluator.distinct(call.input).count == call.input.count)]
            },
        ]
    }

    /// The input's items, each of which must be a boolean (`allTrue()` and its kin).
    static func booleans(_ call: FunctionCall) throws(FHIRPathError) -> [Bool] {
        var result: [Bool] = []
        for item in call.input {
            guard case .boolean(let value) = item.systemValue else {
                throw FHIRPathError(.execution, "\(call.name)() needs booleans, but the input holds \(item.typeName)")
            }
            result.append(value)
        }
        return result
    }

    /// The items for which the first argument is true (`where`, `exists(criteria)`).
    static func filter(_ call: FunctionCall, _ evaluator: Evaluator) throws(FHIRPathError) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        let criteria = call.arguments[0]
        let total = call.scope.total
        for index in call.input.indices {
            // `$this` and the focus are one array: an item per step is the cost of a large input.
            let this = [call.input[index]]
            let found = try evaluator.evaluate(
                criteria, focus: this, scope: Scope(this: this, index: index, total: total))
            if try Evaluator.singletonBoolean(found, for: "\(call.name)()'s criteria") == true {
                result.append(this[0])
            }
        }
        return result
    }
}
