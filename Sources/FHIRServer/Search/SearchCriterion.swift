import FHIRModel
import Foundation

/// One `name[:modifier]=v1,v2` of a search: true when any value matches (commas mean OR).
struct SearchCriterion: Sendable {
    let parameter: SearchParameter
    let modifier: String?
    let values: [String]
    /// For a reference parameter, each value as `(type, id)`, split once rather than per resource.
    private let wantedTargets: [String: (type: String?, id: String)]

    init(parameter: SearchParameter, modifier: String?, values: [String]) {
        self.parameter = parameter
        self.modifier = modifier
        self.values = values
        var wanted: [String: (type: String?, id: String)] = [:]
        if parameter.kind == .reference {
            for value in values {
                let parts = value.split(separator: "/").map(String.init)
                guard let id = parts.last else { continue }
                wanted[value] = (parts.count > 1 ? parts[parts.count - 2] : nil, id)
            }
        }
        wantedTargets = wanted
    }

    /// The modifiers each kind understands; others make the criterion unknown.
    static func accepts(_ modifier: String?, for parameter: SearchParameter) -> Bool {
        guard let modifier else { return true }
        switch parameter.kind {
        case .string: return ["exact", "contains"].contains(modifier)
        case .token: return ["exact", "not"].contains(modifier)
        case .reference: return parameter.targets.contains(modifier)
        case .uri: return ["below", "above"].contains(modifier)
        case .date, .number, .quantity, .composite, .special: return false
        }
    }

    func matches(_ resource: JSONValue) -> Bool {
        let found = parameter.values(resource)
        let hit = values.contains { value in found.contains { matches(value, $0) } }
        return modifier == "not" ? !hit : hit
    }

    private func matches(_ query: String, _ value: JSONValue) -> Bool {
        switch parameter.kind {
        case .token: TokenMatch.matches(query, value)
        case .string: stringMatches(query, value)
        case .reference: referenceMatches(query, value)
        case .date: DateMatch(query).map { $0.matches(value) } ?? false
        case .uri: uriMatches(query, value)
        case .number, .quantity, .composite, .special: false
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

    private func stringMatches(_ query: String, _ value: JSONValue) -> Bool {
        let wanted = Self.fold(query)
        return Self.strings(in: value).contains { text in
            switch modifier {
            case "exact": text == query
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

    private func referenceMatches(_ query: String, _ value: JSONValue) -> Bool {
        guard let wanted = wantedTargets[query], let text = value["reference"]?.stringValue,
            let target = Reference(reference: text).target, target.id == wanted.id
        else { return false }
        return target.type == (wanted.type ?? parameter.target ?? target.type)
    }
}

/// Token search: `code`, `system|code`, `|code` or `system|` against codes, codings,
/// identifiers, contact points and booleans.
enum TokenMatch {
    static func matches(_ query: String, _ value: JSONValue) -> Bool {
        let parts = query.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let (system, code): (String?, String) = parts.count == 2 ? (parts[0], parts[1]) : (nil, parts[0])
        return pairs(in: value).contains { pair in
            (system == nil || (system!.isEmpty ? pair.system == nil : pair.system == system))
                && (code.isEmpty || pair.code == code)
        }
    }

    private static func pairs(in value: JSONValue) -> [(system: String?, code: String?)] {
        switch value {
        case .string(let text): return [(nil, text)]
        case .bool(let flag): return [(nil, flag ? "true" : "false")]
        case .object(let object):
            if case .array(let codings) = object["coding"] ?? .null { return codings.flatMap(pairs) }
            return [(object["system"]?.stringValue, (object["code"] ?? object["value"])?.stringValue)]
        default: return []
        }
    }
}
