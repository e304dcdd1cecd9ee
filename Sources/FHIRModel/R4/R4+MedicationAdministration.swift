extension R4 {
    /// A dose taken (`completed`) or not taken (`not-done`).
    public struct MedicationAdministration: FHIRResource {
        public static let resourceType = "MedicationAdministration"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var statusReason: [CodeableConcept] = []
        public var medication: MedicationChoice?
        public var subject: Reference?
        public var effective: DateTimeOrPeriod?
        public var request: Reference?
        @Indirect public var dosage: AdministrationDosage?
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            statusReason = try reader.elements("statusReason")
            medication = try reader.choice("medication")
            subject = try reader.element("subject")
            effective = try reader.choice("effective")
            request = try reader.element("request")
            dosage = try reader.element("dosage")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("status", status)
            writer.set("statusReason", statusReason)
            writer.set(choice: "medication", medication)
            writer.set("subject", subject)
            writer.set(choice: "effective", effective)
            writer.set("request", request)
            writer.set("dosage", dosage)
            writer.merge(extra)
        }
    }
}
