/// A person receiving care: the tutorial's logged-in user (§11.4).
public struct Patient: FHIRResource {
    public static let resourceType = "Patient"
    public var header = ResourceHeader(resourceType: resourceType)
    public var identifier: [Identifier] = []
    public var active: Bool?
    public var name: [HumanName] = []
    public var telecom: [ContactPoint] = []
    public var gender: String?
    public var birthDate: String?
    public var address: [Address] = []
    public var extra = JSONObject()

    public init(id: String? = nil) { header.id = id }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
        identifier = try reader.elements("identifier")
        active = try reader.bool("active")
        name = try reader.elements("name")
        telecom = try reader.elements("telecom")
        gender = try reader.string("gender")
        birthDate = try reader.dateTime("birthDate")
        address = try reader.elements("address")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("identifier", identifier)
        writer.set("active", active)
        writer.set("name", name)
        writer.set("telecom", telecom)
        writer.set("gender", gender)
        writer.set("birthDate", birthDate)
        writer.set("address", address)
        writer.merge(extra)
    }
}
