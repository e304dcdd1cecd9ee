/// A measurement, such as the daily step count the Iris seed posts.
///
/// `category` is one concept in DSTU2 and a list in R4; the form read is written back.
public struct Observation: FHIRResource {
    public static let resourceType = "Observation"
    public var header = ResourceHeader(resourceType: resourceType)
    public var status: String?
    public var category: [CodeableConcept] = []
    public var categoryIsList = true
    public var code: CodeableConcept?
    public var subject: Reference?
    public var effective: DateTimeOrPeriod?
    public var valueQuantity: Quantity?
    public var extra = JSONObject()

    public init(id: String? = nil) { header.id = id }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
        status = try reader.string("status")
        if case .object = reader.raw("category") {
            category = [try reader.element("category")!]
            categoryIsList = false
        } else {
            category = try reader.elements("category")
        }
        code = try reader.element("code")
        subject = try reader.element("subject")
        effective = try reader.choice("effective")
        valueQuantity = try reader.element("valueQuantity")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("status", status)
        if categoryIsList || category.count > 1 {
            writer.set("category", category)
        } else {
            writer.set("category", category.first)
        }
        writer.set("code", code)
        writer.set("subject", subject)
        writer.set(choice: "effective", effective)
        writer.set("valueQuantity", valueQuantity)
        writer.merge(extra)
    }
}
