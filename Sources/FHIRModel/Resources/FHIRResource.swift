/// A FHIR resource: an element with a `resourceType`, an id and server metadata.
public protocol FHIRResource: FHIRElement, Codable {
    /// The `resourceType` this type reads and writes.
    static var resourceType: String { get }
    var header: ResourceHeader { get set }
}

extension FHIRResource {
    public var id: String? {
        get { header.id }
        set { header.id = newValue }
    }

    public var meta: Meta? {
        get { header.meta }
        set { header.meta = newValue }
    }

    /// Reads a resource from JSON, naming paths from its resource type.
    public init(json: JSONValue) throws(FHIRDecodingError) {
        try self.init(json: json, path: Self.resourceType)
    }

    /// Reads a resource from JSON text.
    public init(jsonText bytes: some Sequence<UInt8>) throws(FHIRReadError) {
        let tape: JSONTape
        do { tape = try JSONTape(parsing: bytes) } catch { throw .syntax(error) }
        do { try self.init(node: tape.root, at: .root(Self.resourceType)) } catch { throw .shape(error) }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// Why a resource could not be read from text: not JSON, or not the FHIR shape.
public enum FHIRReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case syntax(JSONSyntaxError)
    case shape(FHIRDecodingError)

    public var description: String {
        switch self {
        case .syntax(let error): error.description
        case .shape(let error): error.description
        }
    }
}
