extension R4 {
    /// How a medication is to be taken (R4's `Dosage`).
    public struct Dosage: FHIRElement {
        public var sequence: Int?
        public var text: String?
        public var additionalInstruction: [CodeableConcept] = []
        public var patientInstruction: String?
        public var timing: Timing?
        public var asNeeded: BooleanOrConcept?
        public var route: CodeableConcept?
        public var method: CodeableConcept?
        public var doseAndRate: [DoseAndRate] = []
        public var maxDosePerPeriod: Ratio?
        public var extra = JSONObject()

        public init(text: String? = nil, timing: Timing? = nil) {
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
            doseAndRate = try reader.elements("doseAndRate")
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
            writer.set("doseAndRate", doseAndRate)
            writer.set("maxDosePerPeriod", maxDosePerPeriod)
            writer.merge(extra)
        }
    }

    /// An amount of medication per dose (and, unmodelled here, per unit of time).
    public struct DoseAndRate: FHIRElement {
        public var type: CodeableConcept?
        public var dose: QuantityOrRange?
        public var extra = JSONObject()

        public init(dose: QuantityOrRange?) { self.dose = dose }

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            type = try reader.element("type")
            dose = try reader.choice("dose")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            writer.set("type", type)
            writer.set(choice: "dose", dose)
            writer.merge(extra)
        }
    }
}
