import FHIRModel
import FHIRPath

/// One search parameter of one resource type, ready to search with: the specification's
/// definition, with its FHIRPath expression parsed once and evaluated on each resource in the
/// release's types (so `MedicationAdministration.effective` finds `effectiveDateTime`).
public struct SearchParameter: Sendable {
    public typealias Kind = SearchParameterDefinition.Kind

    public let definition: SearchParameterDefinition
    private let expression: FHIRPathExpression
    private let environment: FHIRPathEnvironment

    /// The definition's parameter, or nil when the server cannot search with it: it has no
    /// expression (`_text`), its expression does not parse, or its type is not one the server
    /// matches (composite and special ones are not listed, and are unknown in a query).
    init?(_ definition: SearchParameterDefinition, model: FHIRTypeModel) {
        guard Self.isSearched(definition), let text = definition.expression,
            let expression = try? FHIRPathExpression(text)
        else { return nil }
        self.definition = definition
        let targets = definition.targets
        (self.targets, target) = (targets, targets.count == 1 ? targets[0] : nil)
        self.expression = expression
        environment = FHIRPathEnvironment(model: model, resolver: Self.resolveByName)
    }

    /// The kinds of parameter the built-in server matches.
    static let searchedKinds: Set<Kind> = [.token, .string, .reference, .date, .uri, .number, .quantity]

    /// Whether the server searches with a definition: one of those kinds, with an expression
    /// (every expression of the five releases parses, as SearchExpressionTests proves).
    static func isSearched(_ definition: SearchParameterDefinition) -> Bool {
        searchedKinds.contains(definition.kind) && definition.expression != nil
    }

    public var name: String { definition.code }
    public var kind: Kind { definition.kind }
    /// Whether metadata lists it; names kept for other releases' apps are accepted, not listed.
    public var isListed: Bool { definition.isListed }
    /// For a reference of one target type, the type a bare id names (`patient=f001` is
    /// `Patient/f001`); nil when it may name several, where a bare id matches any of them.
    public let target: String?
    /// For a reference, the types it may name, split once.
    public let targets: [String]

    /// The parameter's values in `resource`, as JSON (a Reference, a CodeableConcept, a date).
    func values(_ resource: JSONValue) -> [JSONValue] {
        guard let found = try? expression.evaluate(on: resource, environment: environment) else { return [] }
        return found.map(Self.json)
    }

    /// An item as the resource holds it (a code as its string, a Period as its object); a
    /// value the expression computed (`status = 'not-done'`) as JSON of its kind.
    private static func json(_ item: FHIRPathValue) -> JSONValue {
        switch item {
        case .element(let element): element.json
        case .boolean(let value): .bool(value)
        case .string(let text): .string(text)
        case .integer(let value): .number(String(value))
        case .decimal(let value): .number(value.text)
        case .dateTime(let value): .string(value.stringValue)
        case .quantity: item.jsonValue
        }
    }

    /// `resolve()` in a search, as servers read it: the resource a reference names is known by
    /// its type and id alone, so `subject.where(resolve() is Patient)` asks the reference's
    /// type without reading the store.
    @Sendable static func resolveByName(_ reference: String) -> JSONValue? {
        guard let target = Reference(reference: reference).target else { return nil }
        return .object(JSONObject([("resourceType", .string(target.type)), ("id", .string(target.id))]))
    }
}
