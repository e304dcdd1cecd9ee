/// Collects the members of one JSON object from a model type; absent values are skipped.
public struct ElementWriter {
    public private(set) var object = JSONObject()

    public init() {}

    public mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { object.append(key, value) }
    }

    public mutating func set(_ key: String, _ value: String?) {
        if let value { object.append(key, .string(value)) }
    }

    public mutating func set(_ key: String, _ value: Bool?) {
        if let value { object.append(key, .bool(value)) }
    }

    public mutating func set(_ key: String, _ value: Int?) {
        if let value { object.append(key, .number(String(value))) }
    }

    public mutating func set(_ key: String, _ value: FHIRDecimal?) {
        if let value { object.append(key, .number(value.text)) }
    }

    public mutating func set(_ key: String, _ value: (some FHIRElement)?) {
        if let value { object.append(key, value.json) }
    }

    /// An array member; an empty array is left out, as FHIR requires.
    public mutating func set(_ key: String, _ values: [some FHIRElement]) {
        if !values.isEmpty { object.append(key, .array(values.map(\.json))) }
    }

    public mutating func set(_ key: String, _ values: [String]) {
        if !values.isEmpty { object.append(key, .array(values.map(JSONValue.string))) }
    }

    /// Appends members kept from the input that the model does not know, unless already set.
    public mutating func merge(_ extra: JSONObject) {
        for (key, value) in extra.members where object.index(of: key) == nil {
            object.append(key, value)
        }
    }
}
