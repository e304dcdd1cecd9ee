extension R5 {
    /// A dose in R5: R4's, with the medication a CodeableReference and `effective[x]` renamed
    /// `occurence[x]` (spelled with one r in R5 itself).
    public struct MedicationAdministration: FHIRResource {
        public static let resourceType = "MedicationAdministration"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var statusReason: [CodeableConcept] = []
        public var medication: CodeableReference?
        public var subject: Reference?
        public var occurence: DateTimeOrPeriod?
        public var request: Reference?
        @Indirect public var dosage: AdministrationDosage?
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            statusReason = try reader.elements("statusReason")
            medication = try reader.element("medication")
            subject = try reader.element("subject")
            occurence = try reader.choice("occurence")
            request = try reader.element("request")
            dosage = try reader.element("dosage")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("status", status)
            writer.set("statusReason", statusReason)
            writer.set("medication", medication)
            writer.set("subject", subject)
            writer.set(choice: "occurence", occurence)
            writer.set("request", request)
            writer.set("dosage", dosage)
            writer.merge(extra)
        }
    }
}
