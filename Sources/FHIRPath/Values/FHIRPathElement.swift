import FHIRModel

/// A node of a resource's JSON, with the FHIR type it has there.
///
/// A primitive keeps its `_name` sibling (`extras`: its `id` and `extension`), so
/// `birthDate.extension(...)` and `given.hasValue()` see what FHIR's JSON splits in two.
///
/// The node is read where it lies (a large Bundle's tape, or a tree): a path over a hundred
/// thousand resources makes no tree of any of them.
public struct FHIRPathElement: Sendable {
    /// The value: an object, or a primitive (`null` when only its extensions are present).
    public let node: JSONNode
    /// The `_name` sibling of a primitive: an object with its `id` and `extension`.
    public let extrasNode: JSONNode?
    /// The FHIR type's name, when the model knows it (`HumanName`, `code`, `Patient.contact`):
    /// kept as a name alone, as an element's type is always FHIR's, so that collections of a
    /// hundred thousand elements take a sixth less memory.
    public let typeName: String?
    public init(node: JSONNode, extras: JSONNode? = nil, typeName: String?) {
        self.node = node
        self.extrasNode = extras
        self.typeName = typeName
    }

    public init(json: JSONValue, extras: JSONObject? = nil, type: FHIRTypeName?) {
        self.init(node: .tree(json), extras: extras.map { .tree(.object($0)) }, typeName: type?.name)
    }

    /// A resource (or any JSON) as the root of an evaluation.
    public init(resource: JSONNode) {
        self.init(node: resource, typeName: resource["resourceType"]?.stringValue)
    }

    public init(resource: JSONValue) { self.init(resource: .tree(resource)) }

    /// The FHIR type, when the model knows it.
    public var type: FHIRTypeName? { typeName.map(FHIRTypeName.fhir) }

    /// The value as a tree (made from a tape when it lies in one).
    public var json: JSONValue { node.json }

    /// The `_name` sibling as a tree.
    public var extras: JSONObject? { extrasNode?.json.objectValue }

    /// Whether the element is a primitive (a value, or only extensions where a value would be).
    public var isPrimitive: Bool { !node.isContainer }

    /// The System value of a primitive, by its FHIR type (or, without one, by its JSON kind).
    public var primitiveValue: FHIRPathValue? {
        if let text = node.stringValue { return Self.stringValue(text, type: typeName) }
        if let flag = node.boolValue { return .boolean(flag) }
        guard let text = node.numberText else { return nil }
        if let typeName = typeName, FHIRTypeName.integerTypes.contains(typeName), let int = Int(text) {
            return .integer(int)
        }
        if typeName == "decimal" { return FHIRPathDecimal(text: text).map { .decimal($0) } }
        if let int = Int(text) { return .integer(int) }
        return FHIRPathDecimal(text: text).map { .decimal($0) }
    }

    /// FHIR's Quantity types (`Quantity`, `Age`, `Duration`, …) as FHIRPath's System Quantity:
    /// the UCUM code when the system is UCUM, otherwise the unit as displayed.
    public var quantityValue: FHIRPathQuantity? {
        guard let type = typeName, Self.quantityTypes.contains(type), let text = node["value"]?.numberText,
            let value = FHIRPathDecimal(text: text)
        else { return nil }
        let ucum = node.member("system", is: "http://unitsofmeasure.org")
        let unit = (ucum ? node["code"]?.stringValue : nil) ?? node["unit"]?.stringValue ?? "1"
        return FHIRPathQuantity(value: value, unit: unit)
    }

    static let quantityTypes: Set<String> = [
        "Quantity", "Age", "Count", "Distance", "Duration", "MoneyQuantity", "SimpleQuantity",
    ]

    /// Whether this primitive is the string `text`, compared where it lies; nil unless FHIRPath
    /// reads it as a String (a date's text compares as a date). `status = 'not-done'` asks it
    /// of every item.
    func isString(_ text: String) -> Bool? {
        Self.dateKind(of: typeName) == nil ? node.isString(text) : nil
    }

    /// The kind of date a FHIR type's text is read as; nil for a type FHIRPath reads as a String.
    private static func dateKind(of type: String?) -> FHIRPathDateTime.Kind? {
        switch type {
        case "date": .date
        case "dateTime", "instant": .dateTime
        case "time": .time
        default: nil
        }
    }

    private static func stringValue(_ text: String, type: String?) -> FHIRPathValue {
        if let kind = dateKind(of: type), let value = FHIRPathDateTime(parsing: text, kind: kind) {
            return .dateTime(value)
        }
        return .string(text)
    }
}
