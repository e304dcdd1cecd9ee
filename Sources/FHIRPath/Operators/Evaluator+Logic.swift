extension Evaluator {
    /// `true` or `false` as a collection, made once: a test per item of a large input
    /// otherwise allocates an array per item for its answer.
    static func collection(_ flag: Bool) -> [FHIRPathValue] { flag ? trueCollection : falseCollection }
    private static let trueCollection: [FHIRPathValue] = [.boolean(true)]
    private static let falseCollection: [FHIRPathValue] = [.boolean(false)]

    /// A collection read as one boolean: empty is unknown, one boolean is itself, one item of
    /// another kind is true (FHIRPath's singleton rule); more than one item is an error.
    static func singletonBoolean(_ items: [FHIRPathValue], for what: @autoclosure () -> String) throws(FHIRPathError)
        -> Bool?
    {
        guard let first = items.first else { return nil }
        guard items.count == 1 else {
            throw FHIRPathError(.execution, "\(what()) needs one boolean, but has \(items.count) items")
        }
        if case .boolean(let value) = first.systemValue { return value }
        return true
    }

    /// Three-valued `and`, `or`, `xor` and `implies`; the right side is evaluated only when the
    /// left does not decide.
    func logic(_ op: String, _ left: [FHIRPathValue], _ rightNode: FHIRPathNode, focus: [FHIRPathValue], scope: Scope)
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        let a = try Self.singletonBoolean(left, for: "the left of '\(op)'")
        switch (op, a) {
        case ("and", false?): return [.boolean(false)]
        case ("or", true?): return [.boolean(true)]
        case ("implies", false?): return [.boolean(true)]
        default: break
        }
        let b = try Self.singletonBoolean(
            try evaluate(rightNode, focus: focus, scope: scope), for: "the right of '\(op)'")
        let result: Bool?
        switch op {
        case "and": result = a == true && b == true ? true : (b == false ? false : nil)
        case "or": result = b == true ? true : (a == false && b == false ? false : nil)
        case "xor": result = a.flatMap { x in b.map { x != $0 } }
        default: result = b == true ? true : (a == true ? b : nil)
        }
        return result.map { [.boolean($0)] } ?? []
    }
}
