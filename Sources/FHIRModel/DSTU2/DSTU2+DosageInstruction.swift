extension DSTU2 {
    /// How a medication is to be taken (DSTU2's `MedicationOrder.dosageInstruction`).
    public struct DosageInstruction: FHIRElement {
        public var text: String?
        public var additionalInstructions: CodeableConcept?
        public var timing: Timing?
        public var asNeeded: BooleanOrConcept?
        public var route: CodeableConcept?
        public var method: CodeableConcept?
        public var dose: QuantityOrRange?
        public var maxDosePerPeriod: Ratio?
        public var extra = JSONObject()

        public init(text: String? = nil, timing: Timing? = nil) {
            self.text = text
            self.timing = timing
        }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            text = try reader.string("text")
            additionalInstructions = try reader.element("additionalInstructions")
            timing = try reader.element("timing")
            asNeeded = try reader.choice("asNeeded")
            route = try reader.element("route")
            method = try reader.element("method")
            dose = try reader.choice("dose")
            maxDosePerPeriod = try reader.element("maxDosePerPeriod")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            writer.set("text", text)
            writer.set("additionalInstructions", additionalInstructions)
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
