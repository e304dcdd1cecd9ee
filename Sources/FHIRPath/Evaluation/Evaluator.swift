import FHIRModel

/// Walks a parsed expression over collections, as FHIRPath's evaluation model describes:
/// every step takes a collection and gives one.
struct Evaluator {
    let environment: FHIRPathEnvironment
    /// The evaluation's input (`%context`) and resource (`%resource`).
    let input: [FHIRPathValue]
    let resource: JSONNode?
    let expression: String
    /// The model's answers so far (an evaluation's own: one evaluator, one thread).
    let lookups = ElementLookups()
    /// Stops the evaluation past its time limit or when cancelled; nil when neither is asked for.
    let watch: EvaluationWatch?
    /// The steps that read only constants (``ConstantSubtrees``), and their values once known.
    let constants: Set<Int>
    let kept: FHIRPathConstants

    init(
        environment: FHIRPathEnvironment, input: [FHIRPathValue], resource: JSONNode?, expression: String,
        constants: Set<Int> = [], kept: FHIRPathConstants = FHIRPathConstants()
    ) {
        (self.environment, self.input, self.resource, self.expression) = (environment, input, resource, expression)
        (self.constants, self.kept) = (constants, kept)
        watch = EvaluationWatch(environment)
    }

    var model: FHIRTypeModel? { environment.model }

    func evaluate(_ node: FHIRPathNode, focus: [FHIRPathValue], scope: Scope) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        try watch?.tick()
        switch node {
        case .literal(let literal):
            return try value(of: literal)
        case .identifier(let name, _):
            return try identifier(name, on: focus)
        case .externalConstant(let name, _):
            return try constant(name)
        case .special(let name):
            return special(name, scope: scope)
        case .member(let base, let name, let offset):
            let key = ConstantSubtrees.key(member: offset)
            if let known = known(key) { return known }
            return keep(key, try members(name, of: try evaluate(base, focus: focus, scope: scope)))
        case .function(let receiver, let name, let arguments, let offset):
            let key = ConstantSubtrees.key(function: offset)
            if let known = known(key) { return known }
            let input = try receiver.map { node throws(FHIRPathError) in try evaluate(node, focus: focus, scope: scope)
            }
            return keep(key, try call(name, on: input ?? focus, arguments: arguments, scope: scope))
        case .indexer(let base, let indexNode):
            let items = try evaluate(base, focus: focus, scope: scope)
            let index = try integerArgument(try evaluate(indexNode, focus: scope.this, scope: scope), of: "[]")
            guard let index, index >= 0, index < items.count else { return [] }
            return [items[index]]
        case .polarity(let sign, let operand, _):
            return try polarity(sign, try evaluate(operand, focus: focus, scope: scope))
        case .binary(let op, let left, let right, let offset):
            let key = ConstantSubtrees.key(binary: offset)
            if let known = known(key) { return known }
            return keep(key, try binary(op, left, right, focus: focus, scope: scope))
        case .typeTest(let op, let operand, let type, _):
            let items = try evaluate(operand, focus: focus, scope: scope)
            return try typeOperator(op, items, type)
        }
    }

    /// A constant step's value, when this evaluation has already worked it out.
    private func known(_ key: Int) -> [FHIRPathValue]? {
        constants.isEmpty || !constants.contains(key) ? nil : kept.values[key]
    }

    private func keep(_ key: Int, _ value: [FHIRPathValue]) -> [FHIRPathValue] {
        if !constants.isEmpty, constants.contains(key) { kept.values[key] = value }
        return value
    }

    private func special(_ name: String, scope: Scope) -> [FHIRPathValue] {
        switch name {
        case "this": scope.this
        case "index": scope.index.map { [.integer($0)] } ?? []
        default: scope.total ?? []
        }
    }

    /// `%name`: FHIR's fixed constants, the evaluation's own, then the caller's variables.
    private func constant(_ name: String) throws(FHIRPathError) -> [FHIRPathValue] {
        if let value = environment.variables[name] { return value }
        switch name {
        case "resource", "rootResource": return resource.map { [.element(FHIRPathElement(resource: $0))] } ?? input
        case "context": return input
        case "ucum": return [.string("http://unitsofmeasure.org")]
        case "sct": return [.string("http://snomed.info/sct")]
        case "loinc": return [.string("http://loinc.org")]
        default: break
        }
        if name.hasPrefix("vs-") { return [.string("http://hl7.org/fhir/ValueSet/" + name.dropFirst(3))] }
        if name.hasPrefix("ext-") { return [.string("http://hl7.org/fhir/StructureDefinition/" + name.dropFirst(4))] }
        throw FHIRPathError(.semantic, "unknown variable %\(name)")
    }

    /// Stops a collection from growing past the environment's limit.
    func checkSize(_ count: Int) throws(FHIRPathError) {
        if count > environment.maximumCollection {
            throw FHIRPathError(
                .execution, "the result would hold more than \(environment.maximumCollection) items; refused")
        }
    }
}
