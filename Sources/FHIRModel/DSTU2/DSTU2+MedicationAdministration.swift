extension DSTU2 {
    /// A dose taken, or not taken (tutorial §9.6, §14).
    public struct MedicationAdministration: FHIRResource {
        public static let resourceType = "MedicationAdministration"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var patient: Reference?
        public var practitioner: Reference?
        public var prescription: Reference?
        public var wasNotGiven: Bool?
        public var reasonNotGiven: [CodeableConcept] = []
        public var effectiveTime: DateTimeOrPeriod?
        public var medication: MedicationChoice?
        public var note: String?
        @Indirect public var dosage: AdministrationDosage?
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            patient = try reader.element("patient")
            practitioner = try reader.element("practitioner")
            prescription = try reader.element("prescription")
            wasNotGiven = try reader.bool("wasNotGiven")
            reasonNotGiven = try reader.elements("reasonNotGiven")
            effectiveTime = try reader.choice("effectiveTime")
            medication = try reader.choice("medication")
            note = try reader.string("note")
            dosage = try reader.element("dosage")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("status", status)
            writer.set("patient", patient)
            writer.set("practitioner", practitioner)
            writer.set("prescription", prescription)
            writer.set("wasNotGiven", wasNotGiven)
            writer.set("reasonNotGiven", reasonNotGiven)
            writer.set(choice: "effectiveTime", effectiveTime)
            writer.set(choice: "medication", medication)
            writer.set("note", note)
            writer.set("dosage", dosage)
            writer.merge(extra)
        }
    }
}
