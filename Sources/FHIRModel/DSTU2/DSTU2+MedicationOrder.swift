extension DSTU2 {
    /// A prescription (tutorial §9.3): who takes which medication, how.
    public struct MedicationOrder: FHIRResource {
        public static let resourceType = "MedicationOrder"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var dateWritten: String?
        public var status: String?
        public var dateEnded: String?
        public var patient: Reference?
        public var prescriber: Reference?
        public var note: String?
        public var medication: MedicationChoice?
        public var dosageInstruction: [DosageInstruction] = []
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            dateWritten = try reader.dateTime("dateWritten")
            status = try reader.string("status")
            dateEnded = try reader.dateTime("dateEnded")
            patient = try reader.element("patient")
            prescriber = try reader.element("prescriber")
            note = try reader.string("note")
            medication = try reader.choice("medication")
            dosageInstruction = try reader.elements("dosageInstruction")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("dateWritten", dateWritten)
            writer.set("status", status)
            writer.set("dateEnded", dateEnded)
            writer.set("patient", patient)
            writer.set("prescriber", prescriber)
            writer.set("note", note)
            writer.set(choice: "medication", medication)
            writer.set("dosageInstruction", dosageInstruction)
            writer.merge(extra)
        }
    }
}
