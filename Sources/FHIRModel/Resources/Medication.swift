/// A medication, referenced by orders and administrations.
public struct Medication: FHIRResource {
    public static let resourceType = "Medication"
    public var header = ResourceHeader(resourceType: resourceType)
    public var code: CodeableConcept?
    public var extra = JSONObject()

    public init(id: String? = nil, code: CodeableConcept? = nil) {
        header.id = id
        self.code = code
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
        code = try reader.element("code")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("code", code)
        writer.merge(extra)
    }
}
