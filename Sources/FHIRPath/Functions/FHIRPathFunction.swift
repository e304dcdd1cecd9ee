/// A function of FHIRPath's library: how many arguments it takes, how it reads them and its
/// input, and what it does with them.
struct FHIRPathFunction: Sendable {
    typealias Body = @Sendable (Evaluator, FunctionCall) throws(FHIRPathError) -> [FHIRPathValue]

    let arity: ClosedRange<Int>
    /// The arguments evaluated once per input item with `$this` that item (`where`'s criteria);
    /// the others are evaluated on the caller's `$this`.
    let perItem: Set<Int>
    /// False for the clock's functions, which ignore their input (`today()` needs no resource).
    let readsInput: Bool
    let body: Body

    init(_ arity: ClosedRange<Int>, perItem: Set<Int> = [], readsInput: Bool = true, _ body: @escaping Body) {
        (self.arity, self.perItem, self.readsInput, self.body) = (arity, perItem, readsInput, body)
    }

    init(_ arity: Int, perItem: Set<Int> = [], readsInput: Bool = true, _ body: @escaping Body) {
        self.init(arity...arity, perItem: perItem, readsInput: readsInput, body)
    }
}

/// One call of a function: its input, its arguments (unevaluated, since criteria such as
/// `where`'s are evaluated per item) and the scope it was called in.
struct FunctionCall: Sendable {
    let name: String
    let input: [FHIRPathValue]
    let arguments: [FHIRPathNode]
    let scope: Scope

    /// Argument `index`, evaluated as FHIRPath evaluates plain arguments: on the caller's `$this`.
    func argument(_ index: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> [FHIRPathValue] {
        guard index < arguments.count else { return [] }
        return try evaluator.evaluate(arguments[index], focus: scope.this, scope: scope)
    }

    /// Argument `index` evaluated for one item of the input, with `$this` and `$index` set.
    func argument(
        _ index: Int, for item: FHIRPathValue, at position: Int, _ evaluator: Evaluator, total: [FHIRPathValue]? = nil
    )
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        let this = [item]
        let itemScope = Scope(this: this, index: position, total: total ?? scope.total)
        return try evaluator.evaluate(arguments[index], focus: this, scope: itemScope)
    }

    /// The input's single item, or nil when empty; more than one is an error.
    func singleInput() throws(FHIRPathError) -> FHIRPathValue? {
        guard input.count <= 1 else {
            throw FHIRPathError(.execution, "\(name)() works on one item, but its input has \(input.count)")
        }
        return input.first?.systemValue
    }

    /// The single string the input holds (nil when empty); another kind of item is an error.
    func stringInput() throws(FHIRPathError) -> String? {
        guard let item = try singleInput() else { return nil }
        guard case .string(let text) = item else {
            throw FHIRPathError(.execution, "\(name)() works on a string, not on \(item.typeName)")
        }
        return text
    }

    /// Argument `index` as one string (nil when it is empty).
    func stringArgument(_ index: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> String? {
        let items = try argument(index, evaluator)
        guard items.count <= 1 else {
            throw FHIRPathError(.execution, "\(name)(): argument \(index + 1) has \(items.count) items")
        }
        guard let item = items.first?.systemValue else { return nil }
        guard case .string(let text) = item else {
            throw FHIRPathError(.execution, "\(name)(): argument \(index + 1) must be a string, not \(item.typeName)")
        }
        return text
    }

    /// Argument `index` as one integer (nil when it is empty).
    func integerArgument(_ index: Int, _ evaluator: Evaluator) throws(FHIRPathError) -> Int? {
        try evaluator.integerArgument(try argument(index, evaluator), of: "\(name)()")
    }
}
