import FHIRModel

/// One ElementDefinition of a profile: what it says of the element it names, beyond what the
/// element's own type already says (a differential's element), or all of it (a snapshot's).
public struct ElementConstraint: Sendable {
    /// A type the element may take, with the profiles its value (or, for a Reference, the
    /// resource it points at) must conform to.
    public struct TypeChoice: Sendable {
        public let code: String
        public let profiles: [String]
        public let targetProfiles: [String]
    }

    /// How the items of a sliced element are told apart: by what lies at `path` in each.
    public struct Discriminator: Sendable {
        public enum Kind: String, Sendable { case value, pattern, type, profile, exists }
        public let kind: Kind
        public let path: String
    }

    public struct Slicing: Sendable {
        public let discriminators: [Discriminator]
        /// Whether items that fit no slice are allowed, and only after those that do.
        public let isClosed: Bool
        public let isOpenAtEnd: Bool
        public let isOrdered: Bool
    }

    public struct Binding: Sendable {
        public let strength: String
        public let valueSet: String
    }

    /// A rule written in FHIRPath (`us-core-6`), checked on each of the element's values.
    public struct Rule: Sendable {
        public let key: String
        public let isError: Bool
        public let human: String
        public let expression: String
    }

    /// The element's id (`Observation.component:systolic.code`), made from its path and slice
    /// name where the definition has none.
    public let id: String
    public let sliceName: String?
    public let min: Int?
    /// The most items: nil for `*`, or where the element does not say.
    public let max: Int?
    public let types: [TypeChoice]
    public let fixed: JSONValue?
    public let pattern: JSONValue?
    /// The least and most a value may be (`minValueQuantity`, `maxValueInteger`), and the
    /// most characters a string may have.
    public let minValue: JSONValue?
    public let maxValue: JSONValue?
    public let maxLength: Int?
    public let binding: Binding?
    public let rules: [Rule]
    public let slicing: Slicing?
    /// Whether the element changes the meaning of what holds it (a modifier extension's root).
    public let isModifier: Bool
    /// Whether a system that claims the profile must be able to hold the element
    /// (`mustSupport`): when it is absent, that is said, not refused.
    public let mustSupport: Bool

    /// Reads an ElementDefinition known by `id`; nil when it has no path.
    init?(json: JSONValue, id: String?) {
        guard let path = json["path"]?.stringValue else { return nil }
        sliceName = json["sliceName"]?.stringValue
        self.id = id ?? json["id"]?.stringValue ?? (sliceName.map { "\(path):\($0)" } ?? path)
        min = json["min"].flatMap(Self.integer)
        max = json["max"]?.stringValue.flatMap { Int($0) }
        types = (json["type"]?.arrayValue ?? []).compactMap(Self.typeChoice)
        var values: [String: JSONValue] = [:]
        for (key, value) in json.objectValue?.members ?? [] {
            for prefix in ["fixed", "pattern", "minValue", "maxValue"] where Self.isValueKey(key, prefix) {
                values[prefix] = value
            }
        }
        (fixed, pattern) = (values["fixed"], values["pattern"])
        (minValue, maxValue) = (values["minValue"], values["maxValue"])
        maxLength = json["maxLength"].flatMap(Self.integer)
        binding = json["binding"].flatMap { binding in
            guard let strength = binding["strength"]?.stringValue, let valueSet = binding["valueSet"]?.stringValue
            else { return nil }
            return Binding(strength: strength, valueSet: valueSet)
        }
        rules = (json["constraint"]?.arrayValue ?? []).compactMap { rule in
            guard let key = rule["key"]?.stringValue, let expression = Self.expression(of: rule) else { return nil }
            return Rule(
                key: key, isError: rule["severity"]?.stringValue != "warning",
                human: rule["human"]?.stringValue ?? key, expression: expression)
        }
        slicing = json["slicing"].map(Self.slicing)
        isModifier = json["isModifier"] == .bool(true)
        mustSupport = json["mustSupport"] == .bool(true)
    }

    /// A rule's FHIRPath: its `expression`, or in DSTU2, which wrote rules in XPath, the
    /// `structuredefinition-expression` extension HL7 defined to carry the FHIRPath beside it.
    public static func expression(of rule: JSONValue) -> String? {
        if let expression = rule["expression"]?.stringValue { return expression }
        let url = "http://hl7.org/fhir/StructureDefinition/structuredefinition-expression"
        return rule["extension"]?.arrayValue?.first { $0["url"]?.stringValue == url }?["valueString"]?.stringValue
    }

    /// `fixedCoding`, `patternCodeableConcept`: the prefix followed by a type's name.
    private static func isValueKey(_ key: String, _ prefix: String) -> Bool {
        key.hasPrefix(prefix) && key.dropFirst(prefix.count).first?.isUppercase == true
    }

    private static func integer(_ value: JSONValue) -> Int? {
        if case .number(let text) = value { return Int(text) }
        return nil
    }

    private static func typeChoice(_ json: JSONValue) -> TypeChoice? {
        guard let code = json["code"]?.stringValue else { return nil }
        let strings = { (key: String) in (json[key]?.arrayValue ?? []).compactMap(\.stringValue) }
        return TypeChoice(code: code, profiles: strings("profile"), targetProfiles: strings("targetProfile"))
    }

    private static func slicing(_ json: JSONValue) -> Slicing {
        let discriminators = (json["discriminator"]?.arrayValue ?? []).compactMap { item -> Discriminator? in
            guard let kind = item["type"]?.stringValue.flatMap(Discriminator.Kind.init(rawValue:)),
                let path = item["path"]?.stringValue
            else { return nil }
            return Discriminator(kind: kind, path: path)
        }
        return Slicing(
            discriminators: discriminators, isClosed: json["rules"]?.stringValue == "closed",
            isOpenAtEnd: json["rules"]?.stringValue == "openAtEnd", isOrdered: json["ordered"] == .bool(true))
    }
}
