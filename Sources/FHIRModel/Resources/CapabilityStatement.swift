/// What a server can do: DSTU2 calls it `Conformance`, R4 `CapabilityStatement`.
///
/// One type serves both, since the parts a client reads (FHIR version, software, the
/// resource types and their search parameters) have the same shape in each.
public struct CapabilityStatement: FHIRResource {
    public static let resourceType = "CapabilityStatement"
    /// The DSTU2 name of the same resource.
    public static let dstu2ResourceType = "Conformance"
    public var header = ResourceHeader(resourceType: resourceType)
    public var status: String?
    public var date: String?
    public var publisher: String?
    public var kind: String?
    public var software: CapabilitySoftware?
    public var fhirVersion: String?
    public var format: [String] = []
    public var rest: [CapabilityRest] = []
    public var extra = JSONObject()

    public init(resourceType: String = resourceType) { header.resourceType = resourceType }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType, Self.dstu2ResourceType])
        status = try reader.string("status")
        date = try reader.dateTime("date")
        publisher = try reader.string("publisher")
        kind = try reader.string("kind")
        software = try reader.element("software")
        fhirVersion = try reader.string("fhirVersion")
        format = try reader.strings("format")
        rest = try reader.elements("rest")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("status", status)
        writer.set("date", date)
        writer.set("publisher", publisher)
        writer.set("kind", kind)
        writer.set("software", software)
        writer.set("fhirVersion", fhirVersion)
        writer.set("format", format)
        writer.set("rest", rest)
        writer.merge(extra)
    }

    /// The resource types the server's REST interface lists.
    public var resourceTypes: [String] {
        rest.flatMap(\.resource).compactMap(\.type)
    }
}

/// The server software's name and version.
public struct CapabilitySoftware: FHIRElement {
    public var name: String?
    public var version: String?
    public var extra = JSONObject()

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        name = try reader.string("name")
        version = try reader.string("version")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("name", name)
        writer.set("version", version)
        writer.merge(extra)
    }
}
