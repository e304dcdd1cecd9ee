/// FHIRPath §5.2 and §5.3, filtering and subsetting.
extension FunctionLibrary {
    static var filtering: [String: FHIRPathFunction] {
        [
            "where": FHIRPathFunction(1, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                try filter(call, evaluator)
            },
            "select": FHIRPathFunction(1, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                var result: [FHIRPathValue] = []
                for (index, item) in call.input.enumerated() {
                    result += try call.argument(0, for: item, at: index, evaluator)
                    try evaluator.checkSize(result.count)
                }
                return result
            },
            "repeat": FHIRPathFunction(1, perItem: [0]) { evaluator, call throws(FHIRPathError) in
                try repeatProjection(call, evaluator)
            },
            "ofType": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let type = try typeArgument(call)
                try evaluator.checkKnown(type)
                return call.input.filter { evaluator.isExactly($0, type) }
            },
        ]
    }

    static var subsetting: [String: FHIRPathFunction] {
        [
            "single": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                guard call.input.count <= 1 else {
                    throw FHIRPathError(.execution, "single() found \(call.input.count) items where one was expected")
                }
                return call.input
            },
            "first": FHIRPathFunction(0) { _, call in Array(call.input.prefix(1)) },
            "last": FHIRPathFunction(0) { _, call in Array(call.input.suffix(1)) },
            "tail": FHIRPathFunction(0) { _, call in Array(call.input.dropFirst()) },
            "skip": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let count = try call.integerArgument(0, evaluator) ?? 0
                return Array(call.input.dropFirst(max(0, count)))
            },
            "take": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let count = try call.integerArgument(0, evaluator) ?? 0
                return Array(call.input.prefix(max(0, count)))
            },
            "intersect": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let other = try call.argument(0, evaluator)
                return evaluator.distinct(
                    call.input.filter { item in other.contains { evaluator.itemsEqual($0, item) == true } })
            },
            "exclude": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let other = try call.argument(0, evaluator)
                return call.input.filter { item in !other.contains { evaluator.itemsEqual($0, item) == true } }
            },
        ]
    }

    static var combining: [String: FHIRPathFunction] {
        [
            "union": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                try evaluator.union(call.input, try call.argument(0, evaluator))
            },
            "combine": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                let other = try call.argument(0, evaluator)
                try evaluator.checkSize(call.input.count + other.count)
                return call.input + other
            },
        ]
    }

    /// `repeat(projection)`: the projection of the input, of that, and so on, each new item once.
    private static func repeatProjection(_ call: FunctionCall, _ evaluator: Evaluator) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        var result: [FHIRPathValue] = []
        var seen = ItemSet(evaluator)
        var pending = call.input
        while !pending.isEmpty {
            var next: [FHIRPathValue] = []
            for (index, item) in pending.enumerated() {
                for found in try call.argument(0, for: item, at: index, evaluator) where seen.insert(found) {
                    result.append(found)
                    next.append(found)
                }
                try evaluator.checkSize(result.count)
            }
            pending = next
        }
        return result
    }

    /// A type name written as an argument (`ofType(Quantity)`, `as(FHIR.string)`).
    static func typeArgument(_ call: FunctionCall) throws(FHIRPathError) -> FHIRPathTypeSpecifier {
        switch call.arguments.first {
        case .identifier(let name, _)?:
            return FHIRPathTypeSpecifier(namespace: nil, name: name)
        case .member(.identifier(let namespace, _), let name, _)?:
            return FHIRPathTypeSpecifier(namespace: namespace, name: name)
        default:
            throw FHIRPathError(.semantic, "\(call.name)() needs a type name, such as \(call.name)(Quantity)")
        }
    }
}
