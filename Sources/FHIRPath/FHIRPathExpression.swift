import FHIRModel

/// A FHIRPath expression, parsed once and evaluated on any number of resources.
///
/// ```swift
/// let notTaken = try FHIRPathExpression("entry.resource.where(status = 'not-done').count()")
/// let result = try notTaken.evaluate(on: bundle)
/// ```
public struct FHIRPathExpression: Sendable {
    /// The text as written.
    public let text: String
    let root: FHIRPathNode
    /// The steps that read only the evaluation's constants, worked out once per evaluation.
    let constants: Set<Int>

    /// Parses `text`; a syntax error, an unknown function or a wrong number of arguments
    /// throws with the place it starts.
    public init(_ text: String) throws(FHIRPathError) {
        self.text = text
        var parser = try FHIRPathParser(text)
        root = try parser.parseAll()
        try FunctionCheck(expression: text).check(root)
        constants = ConstantSubtrees.keys(in: root)
    }

    /// Evaluates on a resource (or any JSON), which is also `%resource` and `%context`; nil
    /// evaluates on nothing, for an expression that reads no resource (``readsInput``).
    public func evaluate(on resource: JSONValue?, environment: FHIRPathEnvironment = FHIRPathEnvironment())
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        try evaluate(on: resource.map(JSONNode.tree), environment: environment)
    }

    /// Evaluates on a resource where it lies, in a tree or a tape: a large Bundle read into a
    /// tape is never made into a tree.
    public func evaluate(on resource: JSONNode?, environment: FHIRPathEnvironment = FHIRPathEnvironment())
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        let input: [FHIRPathValue] = resource.map { [.element(FHIRPathElement(resource: $0))] } ?? []
        return try evaluate(on: input, resource: resource, environment: environment)
    }

    /// Evaluates on a collection; `resource` is `%resource` (for `resolve()` and `%resource`).
    /// `constants` keeps the values of the steps that read only variables, for evaluations
    /// with the same variables to share; by default each evaluation has its own.
    public func evaluate(
        on input: [FHIRPathValue], resource: JSONNode?, environment: FHIRPathEnvironment = FHIRPathEnvironment(),
        constants kept: FHIRPathConstants = FHIRPathConstants()
    ) throws(FHIRPathError) -> [FHIRPathValue] {
        let evaluator = Evaluator(
            environment: environment, input: input, resource: resource, expression: text, constants: constants,
            kept: kept)
        return try evaluator.evaluate(root, focus: input, scope: Scope(this: input))
    }

    /// The expression's result as one boolean, as lesson checks and requirements read it:
    /// true only for a single `true` (or a single item of another kind, by FHIRPath's singleton rule).
    public func isTrue(on resource: JSONValue, environment: FHIRPathEnvironment = FHIRPathEnvironment())
        throws(FHIRPathError) -> Bool
    {
        let result = try evaluate(on: resource, environment: environment)
        return try Evaluator.singletonBoolean(result, for: "the expression") == true
    }

    /// The names of every function the engine knows, for completion.
    public static var functionNames: [String] { FunctionLibrary.names }

    /// The FHIRPath name of a JSON member of `element`: `value` for `valueQuantity`, `given`
    /// for `_given`, the key itself otherwise.
    public static func elementName(
        ofKey key: String, in element: FHIRPathElement, model: FHIRTypeModel? = FHIRVersion.r4.typeModel
    )
        -> String
    {
        let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
        guard let type = element.typeName, let model, model.element(name, of: type) == nil else { return name }
        return model.choice(spelled: name, in: type) ?? name
    }
}
