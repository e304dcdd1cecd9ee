/// A type's namespace and name, as `type()` returns it and `is`/`as`/`ofType` compare it.
public struct FHIRTypeName: Sendable, Hashable, CustomStringConvertible {
    /// `FHIR` or `System`.
    public let namespace: String
    /// `Patient`, `HumanName`, `code`, `Integer`; backbone elements by path (`Patient.contact`).
    public let name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    public static func fhir(_ name: String) -> FHIRTypeName { FHIRTypeName(namespace: "FHIR", name: name) }
    public static func system(_ name: String) -> FHIRTypeName { FHIRTypeName(namespace: "System", name: name) }

    public var description: String { "\(namespace).\(name)" }

    /// FHIR primitives whose System type is Integer.
    static let integerTypes: Set<String> = ["integer", "positiveInt", "unsignedInt", "integer64"]
}
