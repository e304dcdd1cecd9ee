import FHIRModel

/// A node of a resource's JSON, with the FHIR type it has there.
///
/// A primitive keeps its `_name` sibling (`extras`: its `id` and `extension`), so
/// `birthDate.extension(...)` and `given.hasValue()` see what FHIR's JSON splits in two.
public struct FHIRPathElement: Sendable {
    /// The value: an object, or a primitive (`.null` when only its extensions are present).
    public let json: JSONValue
    /// The `_name` sibling of a primitive.
    public let extras: JSONObject?
    /// The FHIR type, when the model knows it (`HumanName`, `code`, `Patient.contact`).
    public let type: FHIRTypeName?
    /// The element's name in its parent (`given`, `valueQuantity`), or the resource type at the root.
    public let name: String

    public init(json: JSONValue, extras: JSONObject? = nil, type: FHIRTypeName?, name: String) {
        self.json = json
        self.extras = extras
        self.type = type
        self.name = name
    }

    /// A resource (or any JSON) as the root of an evaluation.
    public init(resource: JSONValue) {
        let resourceType = resource["resourceType"]?.stringValue
        self.init(json: resource, type: resourceType.map { FHIRTypeName.fhir($0) }, name: resourceType ?? "")
    }

    /// Whether the element is a primitive (a value, or only extensions where a value would be).
    public var isPrimitive: Bool {
        switch json {
        case .object, .array: false
        default: true
        }
    }

    /// The System value of a primitive, by its FHIR type (or, without one, by its JSON kind).
    public var primitiveValue: FHIRPathValue? {
        switch json {
        case .bool(let value): return .boolean(value)
        case .number(let text):
            if let typeName = type?.name, FHIRTypeName.integerTypes.contains(typeName), let int = Int(text) {
                return .integer(int)
            }
            if type?.name == "decimal" { return FHIRPathDecimal(text: text).map { .decimal($0) } }
            if let int = Int(text) { return .integer(int) }
            return FHIRPathDecimal(text: text).map { .decimal($0) }
        case .string(let text): return Self.stringValue(text, type: type?.name)
        default: return nil
        }
    }

    /// FHIR's Quantity types (`Quantity`, `Age`, `Duration`, …) as FHIRPath's System Quantity:
    /// the UCUM code when the system is UCUM, otherwise the unit as displayed.
    public var quantityValue: FHIRPathQuantity? {
        guard let type = type?.name, Self.quantityTypes.contains(type), case .object(let object) = json,
            case .number(let text)? = object["value"], let value = FHIRPathDecimal(text: text)
        else { return nil }
        let ucum = object["system"]?.stringValue == "http://unitsofmeasure.org"
        let unit = (ucum ? object["code"]?.stringValue : nil) ?? object["unit"]?.stringValue ?? "1"
        return FHIRPathQuantity(value: value, unit: unit)
    }

    static let quantityTypes: Set<String> = [
        "Quantity", "Age", "Count", "Distance", "Duration", "MoneyQuantity", "SimpleQuantity",
    ]

    private static func stringValue(_ text: String, type: String?) -> FHIRPathValue {
        let kind: FHIRPathDateTime.Kind? =
            switch type {
            case "date": .date
            case "dateTime", "instant": .dateTime
            case "time": .time
            default: nil
            }
        if let kind, let value = FHIRPathDateTime(parsing: text, kind: kind) { return .dateTime(value) }
        return .string(text)
    }
}
