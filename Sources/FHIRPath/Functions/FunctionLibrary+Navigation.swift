import FHIRModel

/// FHIRPath §5.8, tree navigation: `children()` and `descendants()`.
extension FunctionLibrary {
    static var navigation: [String: FHIRPathFunction] {
        [
            "children": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                try children(of: call.input, evaluator)
            },
            "descendants": FHIRPathFunction(0) { evaluator, call throws(FHIRPathError) in
                var result: [FHIRPathValue] = []
                var level = try children(of: call.input, evaluator)
                while !level.isEmpty {
                    result += level
                    try evaluator.checkSize(result.count)
                    level = try children(of: level, evaluator)
                }
                return result
            },
        ]
    }

    /// Every element of every item, in the order the JSON has them.
    static func children(of items: [FHIRPathValue], _ evaluator: Evaluator) throws(FHIRPathError) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            try evaluator.allChildren(of: element, into: &result)
            try evaluator.checkSize(result.count)
        }
        return result
    }
}
