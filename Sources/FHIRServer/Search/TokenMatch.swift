import FHIRModel

/// Token search: `code`, `system|code`, `|code` or `system|` against codes, codings,
/// identifiers, contact points and booleans.
enum TokenMatch {
    static func matches(system: String?, code: String, _ value: JSONValue) -> Bool {
        pairs(in: value).contains { pair in
            (system == nil || (system!.isEmpty ? pair.system == nil : pair.system == system))
                && (code.isEmpty || pair.code == code)
        }
    }

    /// The system and code pairs a value holds: a CodeableConcept's codings, a Coding, an
    /// Identifier or ContactPoint (its value as the code), a code or a boolean.
    static func pairs(in value: JSONValue) -> [(system: String?, code: String?)] {
        switch value {
        case .string(let text): return [(nil, text)]
        case .bool(let flag): return [(nil, flag ? "true" : "false")]
        case .object(let object):
            if case .array(let codings) = object["coding"] ?? .null { return codings.flatMap(pairs) }
            return [(object["system"]?.stringValue, (object["code"] ?? object["value"])?.stringValue)]
        default: return []
        }
    }

    /// What `:text` searches: a CodeableConcept's text and its codings' displays, a Coding's
    /// display, an Identifier's type text.
    static func texts(in value: JSONValue) -> [String] {
        guard case .object(let object) = value else { return [] }
        var texts: [String] = []
        if let text = object["text"]?.stringValue { texts.append(text) }
        if let display = object["display"]?.stringValue { texts.append(display) }
        if case .array(let codings) = object["coding"] ?? .null {
            texts += codings.compactMap { $0["display"]?.stringValue }
        }
        if let typeText = object["type"]?["text"]?.stringValue { texts.append(typeText) }
        return texts
    }
}
