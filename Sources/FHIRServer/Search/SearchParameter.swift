import FHIRModel
import FHIRPath

/// One search parameter of one resource type, ready to search with: the specification's
/// definition, with its FHIRPath expression parsed once and evaluated on each resource in the
/// release's types (so `MedicationAdministration.effective` finds `effectiveDateTime`).
public struct SearchParameter: Sendable {
    public typealias Kind = SearchParameterDefinition.Kind

    public let definition: SearchParameterDefinition
    private let source: Source
    private let environment: FHIRPathEnvironment

    /// Where the values come from: the definition's FHIRPath expression, or, for the two
    /// parameters the specification leaves to the server, the words of the narrative (`_text`)
    /// or of the whole resource (`_content`).
    private enum Source: Sendable {
        case expression(FHIRPathExpression)
        case narrative
        case content
        /// A composite: its own expression, and each part's, evaluated on every item it finds.
        case composite(FHIRPathExpression, parts: [FHIRPathExpression])
    }

    /// The definition's parameter, or nil when the server cannot search with it: it has no
    /// expression (`_query`), its expression does not parse, or its type is not one the server
    /// matches (composite and special ones are not listed, and are unknown in a query).
    init?(_ definition: SearchParameterDefinition, model: FHIRTypeModel) {
        guard Self.isSearched(definition) else { return nil }
        switch definition.code {
        case "_text": source = .narrative
        case "_content": source = .content
        default:
            guard let text = definition.expression, let expression = try? FHIRPathExpression(text) else { return nil }
            let parts = definition.components.compactMap { try? FHIRPathExpression($0.expression) }
            guard parts.count == definition.components.count else { return nil }
            source = definition.kind == .composite ? .composite(expression, parts: parts) : .expression(expression)
        }
        self.definition = definition
        let targets = definition.targets
        (self.targets, target) = (targets, targets.count == 1 ? targets[0] : nil)
        environment = FHIRPathEnvironment(model: model, resolver: Self.resolveByName)
    }

    /// The parameters searched by the words of a text rather than by an expression.
    static let textual: Set<String> = ["_text", "_content"]

    /// What the CapabilityStatement says of them, in place of an expression.
    static let textualDocumentation = [
        "_text": "a word of the narrative (text.div, its markup left out) that starts with the value",
        "_content": "a word of any string of the resource that starts with the value",
    ]

    /// The kinds of parameter the built-in server matches.
    static let searchedKinds: Set<Kind> = [.token, .string, .reference, .date, .uri, .number, .quantity]

    /// Whether the server searches with a definition: one of those kinds, with an expression
    /// (every expression of the five releases parses, as SearchExpressionTests proves).
    static func isSearched(_ definition: SearchParameterDefinition) -> Bool {
        if definition.kind == .composite {
            return definition.expression != nil && !definition.components.isEmpty
                && definition.components.allSatisfy { searchedKinds.contains($0.kind) }
        }
        return (searchedKinds.contains(definition.kind) && definition.expression != nil)
            || textual.contains(definition.code)
    }

    /// For a composite, its parts' types, in order (`code-value-quantity`: token, quantity).
    public var componentKinds: [Kind] { definition.components.map(\.kind) }

    public var name: String { definition.code }
    /// `_text` and `_content` are matched as strings, whatever type a release gives them.
    public var kind: Kind { Self.textual.contains(definition.code) ? .string : definition.kind }
    /// Whether metadata lists it; names kept for other releases' apps are accepted, not listed.
    public var isListed: Bool { definition.isListed }
    /// For a reference of one target type, the type a bare id names (`patient=f001` is
    /// `Patient/f001`); nil when it may name several, where a bare id matches any of them.
    public let target: String?
    /// For a reference, the types it may name, split once.
    public let targets: [String]

    /// The parameter's values in `resource`, as JSON (a Reference, a CodeableConcept, a date).
    func values(_ resource: JSONValue) -> [JSONValue] {
        switch source {
        case .narrative: return Self.words(in: [resource["text"]?["div"]?.stringValue ?? ""], markup: true)
        case .content: return Self.words(in: SearchCriterion.strings(in: resource), markup: true)
        case .expression(let expression):
            guard let found = try? expression.evaluate(on: resource, environment: environment) else { return [] }
            return found.map(Self.json)
        case .composite(let expression, let parts):
            // Each item as `[[part 1's values], [part 2's values]]`: the parts of one item go together.
            guard let items = try? expression.evaluate(on: resource, environment: environment) else { return [] }
            return items.map(Self.json).map { item in
                .array(
                    parts.map { part in
                        .array(((try? part.evaluate(on: item, environment: environment)) ?? []).map(Self.json))
                    })
            }
        }
    }

    /// Each distinct word of `texts`, so that a string search (which matches the start of a
    /// value) finds a word anywhere in the text: `_text=fever` finds "High fever since Monday".
    /// With `markup`, what is between `<` and `>` (XHTML's tags) is no word.
    static func words(in texts: [String], markup: Bool) -> [JSONValue] {
        var seen = Set<String>()
        var words: [JSONValue] = []
        for text in texts {
            var word = ""
            var inTag = false
            for character in text + " " {
                if markup, character == "<" { inTag = true }
                if !inTag, character.isLetter || character.isNumber {
                    word.append(character)
                } else if !word.isEmpty {
                    if seen.insert(word).inserted { words.append(.string(word)) }
                    word = ""
                }
                if markup, character == ">" { inTag = false }
            }
        }
        return words
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
