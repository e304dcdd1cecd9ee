import FHIRModel

/// The checks a real server makes before it stores a resource (HAPI's defaults): the
/// version's shape and element types, no element the release does not define, required
/// elements, codes of status-like elements, the specification's invariants, and that
/// references to resources on this server exist.
///
/// The tutorial's own requirement tables are the app's rules, not FHIR's; the REPL checks
/// those, not this.
public struct ResourceValidator: Sendable {
    public let version: FHIRVersion
    /// Whether the specification's invariants and bindings are checked; false checks what
    /// Medbrain checked before it had them, for `medbrain-bench validate` to compare.
    public var checksSpecificationRules = true
    /// How long one resource's invariants may take before the rest are said to be not
    /// checked: a server's guard, so that no body holds it; nil (a file checked on the command
    /// line, a benchmark) checks them all however long it takes.
    public var invariantBudget: Swift.Duration? = .seconds(10)

    public init(version: FHIRVersion) { self.version = version }

    /// The resource types this server stores in its version: every one the release defines.
    public var supportedTypes: [String] { version.resourceTypes }

    /// Every problem with `resource` as a `type`; it may be stored when none is an error.
    ///
    /// Every type is checked against the release's type model (its elements, cardinality,
    /// choices and primitive kinds); the tutorial's types are decoded too, with rules of their own
    /// (codes, the statuses each release allows) that name the tutorial's elements.
    public func issues(
        in resource: JSONValue, type: String, exists: (String, String) -> Bool,
        local: (String) -> (type: String, id: String)? = LiteralReference.relative
    ) -> [ValidationIssue] {
        let rules = ResourceRules.rules(for: version).first(where: { $0.type == type })
        guard rules != nil || supportedTypes.contains(type) else {
            return [
                ValidationIssue(
                    path: type, message: "resource type not supported by this \(version.displayName) server")
            ]
        }
        var shapeIssues = rules?.check(resource) ?? []
        if case .object(let object) = resource {
            // The model's rules say again what decoding found (a wrong type, a missing
            // element): each problem is said once, by the rule nearer the element.
            let ruled = shapeIssues
            shapeIssues += DefinedElements(model: version.typeModel, version: version).issues(in: object, type: type)
                .filter { issue in !ruled.contains { $0.concerns(issue.path) || issue.concerns($0.path) } }
        }
        guard shapeIssues.isEmpty else { return shapeIssues }
        guard checksSpecificationRules else {
            return referenceIssues(in: resource, path: type, exists: exists, local: local)
        }
        // The invariants read the elements by their types, so they run on a sound shape only.
        return InvariantCheck(version: version, budget: invariantBudget).issues(in: resource, type: type)
            + BindingCheck(version: version).issues(in: resource, type: type)
            + WrittenRules(version: version).issues(in: resource, type: type)
            + referenceIssues(in: resource, path: type, exists: exists, local: local)
    }

    /// The specification's invariants that `value`, a resource or any datatype (`Timing`,
    /// `Dosage`), breaks, each with its rule's key; what else may be wrong with it is not asked.
    public func invariantIssues(in value: JSONValue, type: String) -> [ValidationIssue] {
        InvariantCheck(version: version, budget: invariantBudget).issues(in: value, type: type)
    }

    /// Every problem with `value` as a datatype of the release (`Timing`, `Dosage`): elements it
    /// does not define, their shapes, and then the specification's invariants. Nil when the
    /// release has no such type.
    public func issues(inElement value: JSONValue, type: String) -> [ValidationIssue]? {
        guard version.typeModel.knows(type), case .object(let object) = value else { return nil }
        let shape = DefinedElements(model: version.typeModel, version: version).issues(inElement: object, type: type)
        return shape.isEmpty ? invariantIssues(in: value, type: type) : shape
    }

    /// References to this server's resources of types it holds must name one that exists.
    /// `local` reads a reference as this server's `type/id`: relative ones by default; a
    /// server that knows its own names reads its absolute URLs too.
    func referenceIssues(
        in resource: JSONValue, path: String, exists: (String, String) -> Bool,
        local: (String) -> (type: String, id: String)?
    ) -> [ValidationIssue] {
        LiteralReference.all(in: resource, path: path).compactMap { reference in
            guard let target = local(reference.text), supportedTypes.contains(target.type),
                !exists(target.type, target.id)
            else { return nil }
            return ValidationIssue(
                path: reference.path, message: "refers to \(reference.text), which does not exist on this server",
                isMissingTarget: true)
        }
    }
}
