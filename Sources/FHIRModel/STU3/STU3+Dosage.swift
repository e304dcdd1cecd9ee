extension STU3 {
    /// How a medication is to be taken in STU3: R4's names for the Timing and the instructions,
    /// but the dose (`dose[x]`) directly in the dosage, as in DSTU2, not yet in `doseAndRate`.
    public struct Dosage: FHIRElement {
        public var sequence: Int?
        public var text: String?
        public var additionalInstruction: [CodeableConcept] = []
        public var patientInstruction: String?
        public var timing: R4.Timing?
        public var asNeeded: BooleanOrConcept?
        public var route: CodeableConcept?
        public var method: CodeableConcept?
        public var dose: QuantityOrRange?
        public var maxDosePerPeriod: Ratio?
        public var extra = JSONObject()

        public init(text: String? = nil, timing: R4.Timing? = nil) {
            self.text = text
            self.timing = timing
        }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            sequence = try reader.integer("sequence")
            text = try reader.string("text")
            additionalInstruction = try reader.elements("additionalInstruction")
            patientInstruction = try reader.string("patientInstruction")
            timing = try reader.element("timing")
            asNeeded = try reader.choice("asNeeded")
            route = try reader.element("route")
            method = try reader.element("method")
            dose = try reader.choice("dose")
            maxDosePerPeriod = try reader.element("maxDosePerPeriod")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            writer.set("sequence", sequence)
            writer.set("text", text)
            writer.set("additionalInstruction", additionalInstruction)
            writer.set("patientInstruction", patientInstruction)
            writer.set("timing", timing)
            writer.set(choice: "asNeeded", asNeeded)
            writer.set("route", route)
            writer.set("method", method)
            writer.set(choice: "dose", dose)
            writer.set("maxDosePerPeriod", maxDosePerPeriod)
            writer.merge(extra)
        }
    }
}
