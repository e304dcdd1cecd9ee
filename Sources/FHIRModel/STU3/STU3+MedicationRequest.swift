extension STU3 {
    /// A prescription in STU3: the first MedicationRequest, whose prescriber is the requester's
    /// `agent` (R4 made the requester a plain reference).
    public struct MedicationRequest: FHIRResource {
        public static let resourceType = "MedicationRequest"
        public var header = ResourceHeader(resourceType: resourceType)
        public var identifier: [Identifier] = []
        public var status: String?
        public var intent: String?
        public var medication: MedicationChoice?
        public var subject: Reference?
        public var authoredOn: String?
        public var requester: Requester?
        public var dosageInstruction: [Dosage] = []
        public var extra = JSONObject()

        public init(id: String? = nil) { header.id = id }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
            identifier = try reader.elements("identifier")
            status = try reader.string("status")
            intent = try reader.string("intent")
            medication = try reader.choice("medication")
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
            writer.set(choice: "medication", medication)
            writer.set("subject", subject)
            writer.set("authoredOn", authoredOn)
            writer.set("requester", requester)
            writer.set("dosageInstruction", dosageInstruction)
            writer.merge(extra)
        }
    }

    /// Who asked for the prescription: the `agent`, perhaps on behalf of an organization.
    public struct Requester: FHIRElement {
        public var agent: Reference?
        public var extra = JSONObject()

        public init(agent: Reference? = nil) { self.agent = agent }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            agent = try reader.element("agent")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            writer.set("agent", agent)
            writer.merge(extra)
        }
    }
}
