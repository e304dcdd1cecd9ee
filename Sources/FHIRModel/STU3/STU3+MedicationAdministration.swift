extension STU3 {
    /// A dose in STU3: R4's `subject` and `effective[x]` already, but a dose not given is still
    /// a flag (`notGiven`) and the order is still the `prescription`.
    public struct MedicationAdministration: FHIRResource {
        public static let resourceType = "MedicationAdministration"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var medication: MedicationChoice?
        public var subject: Reference?
        public var effective: DateTimeOrPeriod?
        public var notGiven: Bool?
        public var reasonNotGiven: [CodeableConcept] = []
        public var prescription: Reference?
        @Indirect public var dosage: AdministrationDosage?
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            medication = try reader.choice("medication")
            subject = try reader.element("subject")
            effective = try reader.choice("effective")
            notGiven = try reader.bool("notGiven")
            reasonNotGiven = try reader.elements("reasonNotGiven")
            prescription = try reader.element("prescription")
            dosage = try reader.element("dosage")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("status", status)
            writer.set(choice: "medication", medication)
            writer.set("subject", subject)
            writer.set(choice: "effective", effective)
            writer.set("notGiven", notGiven)
            writer.set("reasonNotGiven", reasonNotGiven)
            writer.set("prescription", prescription)
            writer.set("dosage", dosage)
            writer.merge(extra)
        }
    }
}
