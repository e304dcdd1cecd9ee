import FHIRModel
import Foundation

/// One `name[:modifier]=v1,v2` of a search: true when any value matches (commas mean OR).
///
/// Each value is read once, when the criterion is made (a date's span, a token's system and
/// code, a reference's type and id), not again for every resource the search looks at.
struct SearchCriterion: Sendable {
    let parameter: SearchParameter
    let modifier: String?
    let values: [String]
    /// Which references are this server's: `subject=Patient/p0` finds
    /// `http://127.0.0.1:8080/fhir/Patient/p0` too, and never another server's `…/Patient/p0`.
    let base: ServerBase
    private let wanted: [Wanted]

    /// One value of the query, read.
    enum Wanted: Sendable {
        case token(system: String?, code: String)
        case text(folded: String, exact: String)
        /// This server's resource, by type (any when nil) and id.
        case reference(type: String?, id: String)
        /// Another server's resource, by its absolute URL without a version.
        case elsewhere(String)
        /// `subject:identifier=system|value`: a Reference by its identifier, not its target.
        case identifier(system: String?, value: String)
        case date(DateMatch)
        case number(NumberMatch)
        case uri(String)
        case missing(Bool)
        /// `token$quantity`: each part of a composite, all of them met by one item.
        case composite([Wanted])
        /// A value that can match nothing (a reference without an id).
        case nothing
    }

    init(parameter: SearchParameter, modifier: String?, values: [String], base: ServerBase) {
        self.parameter = parameter
        self.modifier = modifier
        self.values = values
        self.base = base
        wanted = values.map {
            Self.read($0, kind: parameter.kind, parameter: parameter, modifier: modifier, base: base)
        }
    }

    /// The modifiers each kind understands; others make the criterion unknown.
    static func accepts(_ modifier: String?, for parameter: SearchParameter) -> Bool {
        guard let modifier, modifier != "missing" else { return true }
        return modifiers(of: parameter).contains(modifier)
    }

    /// The modifiers `parameter` takes besides `:missing`, which every kind takes; a reference's
    /// target types in alphabetical order.
    static func modifiers(of parameter: SearchParameter) -> [String] {
        switch parameter.kind {
        case .string: ["exact", "contains"]
        case .token: ["exact", "not", "text"]
        case .reference: ["identifier"] + parameter.targets.sorted()
        case .uri: ["below", "above"]
        case .date, .number, .quantity, .composite, .special: []
        }
    }

    /// Why `value` cannot be searched with, or nil when it can.
    static func problem(with value: String, parameter: SearchParameter, modifier: String?) -> String? {
        if modifier == "missing" {
            return value == "true" || value == "false" ? nil : "'\(value)' is not true or false for :missing"
        }
        if parameter.kind == .composite {
            let parts = compositeParts(value)
            guard parts.count == parameter.componentKinds.count else {
                return "'\(value)' is not \(parameter.componentKinds.count) values joined by $"
            }
            return zip(parts, parameter.componentKinds).lazy.compactMap { problem(with: $0, kind: $1) }.first
        }
        return problem(with: value, kind: parameter.kind)
    }

    private static func problem(with value: String, kind: SearchParameter.Kind) -> String? {
        switch kind {
        case .date: return DateMatch(value) == nil ? "'\(value)' is not a date search value" : nil
        case .number:
            return NumberMatch(value, quantity: false) == nil ? "'\(value)' is not a number search value" : nil
        case .quantity:
            return NumberMatch(value, quantity: true) == nil ? "'\(value)' is not a quantity search value" : nil
        default: return nil
        }
    }

    /// A composite's value split at each `$` (a backslash before `$` makes it a dollar of its own).
    static func compositeParts(_ value: String) -> [String] {
        var parts = [""]
        var escaped = false
        for character in value {
            if escaped {
                parts[parts.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "$" {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        return parts
    }

    private static func read(
        _ value: String, kind: SearchParameter.Kind, parameter: SearchParameter, modifier: String?, base: ServerBase
    ) -> Wanted {
        if modifier == "missing" { return .missing(value == "true") }
        switch kind {
        case .token where modifier == "text", .string: return .text(folded: fold(value), exact: value)
        case .token:
            let parts = value.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 ? .token(system: parts[0], code: parts[1]) : .token(system: nil, code: value)
        case .reference where modifier == "identifier":
            let parts = value.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2
                ? .identifier(system: parts[0], value: parts[1]) : .identifier(system: nil, value: value)
        case .reference where value.contains(":"):
            switch base.target(value) {
            case .local(let type, let id)?:
                return modifier == nil || modifier == type ? .reference(type: type, id: id) : .nothing
            case .elsewhere(let url)?: return .elsewhere(url)
            case nil: return .nothing
            }
        case .reference where value.contains("/"):
            guard let target = Reference(reference: value).target else { return .nothing }
            return modifier == nil || modifier == target.type ? .reference(type: target.type, id: target.id) : .nothing
        case .reference:
            return value.isEmpty ? .nothing : .reference(type: modifier ?? parameter.target, id: value)
        case .date: return DateMatch(value).map(Wanted.date) ?? .nothing
        case .number: return NumberMatch(value, quantity: false).map(Wanted.number) ?? .nothing
        case .quantity: return NumberMatch(value, quantity: true).map(Wanted.number) ?? .nothing
        case .uri: return .uri(value)
        case .composite:
            let kinds = parameter.componentKinds
            let parts = compositeParts(value)
            guard parts.count == kinds.count else { return .nothing }
            return .composite(
                zip(parts, kinds).map { read($0, kind: $1, parameter: parameter, modifier: nil, base: base) })
        case .special: return .nothing
        }
    }

    /// Whether a resource whose values for the parameter are `found` matches.
    func matches(values found: [JSONValue]) -> Bool {
        let hit = wanted.contains { wanted in
            if case .missing(let missing) = wanted { return found.isEmpty == missing }
            return found.contains { matches(wanted, $0) }
        }
        return modifier == "not" ? !hit : hit
    }

    func matches(_ resource: JSONValue) -> Bool {
        matches(values: parameter.values(resource))
    }

    /// The index keys any of which a match holds, or nil when the criterion cannot be looked up
    /// in an index (`:not`, `:missing`, text, dates and numbers are checked one by one).
    var indexKeys: [String]? {
        guard modifier == nil || parameter.kind == .reference else { return nil }
        var keys: [String] = []
        for wanted in wanted {
            switch wanted {
            case .token(let system, let code):
                guard let key = ParameterIndex.tokenKey(system: system, code: code) else { return nil }
                keys.append(key)
            case .reference(let type, let id): keys.append(ParameterIndex.referenceKey(type: type, id: id))
            // The index keeps every reference by its last two parts: a superset, checked after.
            case .elsewhere(let url):
                guard let target = Reference(reference: url).target else { return nil }
                keys.append(ParameterIndex.referenceKey(type: target.type, id: target.id))
            case .nothing: continue
            default: return nil
            }
        }
        return keys
    }

    private func matches(_ wanted: Wanted, _ value: JSONValue) -> Bool {
        switch wanted {
        case .token(let system, let code): TokenMatch.matches(system: system, code: code, value)
        case .text(let folded, let exact): textMatches(folded, exact, value)
        case .reference(let type, let id):
            value["reference"]?.stringValue.flatMap(base.local).map { target in
                target.id == id && (type == nil || target.type == type)
            } ?? false
        case .elsewhere(let url):
            value["reference"]?.stringValue.flatMap(base.target) == .elsewhere(url)
        case .identifier(let system, let code):
            TokenMatch.matches(system: system, code: code, value["identifier"] ?? .null)
        case .date(let date): date.matches(value)
        case .number(let number): number.matches(value)
        case .uri(let query): uriMatches(query, value)
        case .composite(let parts):
            zip(parts, value.arrayValue ?? []).allSatisfy { wanted, found in
                (found.arrayValue ?? []).contains { matches(wanted, $0) }
            } && parts.count == (value.arrayValue?.count ?? -1)
        case .missing, .nothing: false
        }
    }

    /// A uri matches as written; `:below` takes the uris under it (`http://loinc.org` finds
    /// `http://loinc.org/vs`), `:above` those it is under.
    private func uriMatches(_ query: String, _ value: JSONValue) -> Bool {
        guard let text = value.stringValue else { return false }
        switch modifier {
        case "below": return text == query || text.hasPrefix(query.hasSuffix("/") ? query : query + "/")
        case "above": return text == query || query.hasPrefix(text.hasSuffix("/") ? text : text + "/")
        default: return text == query
        }
    }

    /// A string (or a token's text) starts with the value, ignoring case and accents.
    private func textMatches(_ wanted: String, _ exact: String, _ value: JSONValue) -> Bool {
        let texts = parameter.kind == .token ? TokenMatch.texts(in: value) : Self.strings(in: value)
        return texts.contains { text in
            switch modifier {
            case "exact": text == exact
            case "contains": Self.fold(text).contains(wanted)
            default: Self.fold(text).hasPrefix(wanted)
            }
        }
    }

    /// FHIR string search ignores case and accents: `muller` finds `Müller`.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings)
        case .object(let object):
            object.members.filter { $0.0 != "use" && $0.0 != "period" }.flatMap { strings(in: $0.1) }
        default: []
        }
    }
}
