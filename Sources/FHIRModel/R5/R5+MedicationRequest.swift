extension R5 {
    /// A prescription in R5: R4's MedicationRequest with its medication a CodeableReference.
    public struct MedicationRequest: FHIRResource {
        public static let resourceType = "MedicationRequest"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var intent: String?
        public var medication: CodeableReference?
        public var subject: Reference?
        public var authoredOn: String?
        public var requester: Reference?
        public var dosageInstruction: [Dosage] = []
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            intent = try reader.string("intent")
            medication = try reader.element("medication")
            subject = try reader.element("subject")
            authoredOn = try reader.dateTime("authoredOn")
            requester = try reader.element("requester")
            dosageInstruction = try reader.elements("dosageInstruction")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            header.write(to: &writer)
            writer.set("identifier", identifier)
            writer.set("status", status)
            writer.set("intent", intent)
            writer.set("medication", medication)
            writer.set("subject", subject)
            writer.set("authoredOn", authoredOn)
            writer.set("requester", requester)
            writer.set("dosageInstruction", dosageInstruction)
            writer.merge(extra)
        }
    }
}
