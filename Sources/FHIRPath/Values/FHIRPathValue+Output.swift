import FHIRModel

extension FHIRPathValue {
    /// The item as `--format json` prints it: a primitive as `{"type": "integer", "value": 4}`
    /// (a date or time as FHIR writes it, `2014-01-01` for a DateTime cut to the day),
    /// a quantity with its unit, an element of a complex type as its own JSON.
    public var jsonValue: JSONValue {
        switch self {
        case .element(let element) where !element.isPrimitive:
            return element.json
        case .quantity(let quantity):
            // As FHIR's Quantity writes it: a UCUM unit with its system and code, a calendar
            // duration (`1 year`) with its word alone.
            let (value, unit): (JSONValue, JSONValue) = (.number(quantity.value.text), .string(quantity.unit))
            guard !quantity.isCalendarWord else { return ["type": "Quantity", "value": value, "unit": unit] }
            return [
                "type": "Quantity", "value": value, "unit": unit, "system": "http://unitsofmeasure.org", "code": unit,
            ]
        default:
            return ["type": .string(typeName), "value": primitiveJSON]
        }
    }

    private var primitiveJSON: JSONValue {
        switch systemValue {
        case .boolean(let value): .bool(value)
        case .integer(let value): .number(String(value))
        case .decimal(let value): .number(value.text)
        case .string(let text): .string(text)
        case .dateTime(let value): .string(value.stringValue)
        case .quantity(let value): .string(value.text)
        case .element(let element): element.json
        }
    }

    /// The item as one line of text: a primitive's value as FHIR writes it (`Peter`, `1974-12-25`,
    /// `4 'mg'`), an element of a complex type as compact JSON.
    public var displayText: String {
        switch systemValue {
        case .boolean(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .decimal(let value): value.text
        case .string(let text): text
        case .dateTime(let value): value.stringValue
        case .quantity(let value): value.text
        case .element(let element): element.json == .null ? "(no value; extensions only)" : element.json.compactText
        }
    }
}

extension [FHIRPathValue] {
    /// The collection as text lines, each `type  value`, or `{}` (FHIRPath's empty collection).
    public var textLines: [String] {
        guard !isEmpty else { return ["{}"] }
        let width = Swift.min(14, map(\.typeName.count).max() ?? 0)
        return map { item in
            let name = item.typeName
            return name + String(repeating: " ", count: Swift.max(1, width - name.count + 2)) + item.displayText
        }
    }

    /// The collection as one JSON array (`--format json`).
    public var jsonArray: JSONValue { .array(map(\.jsonValue)) }
}
