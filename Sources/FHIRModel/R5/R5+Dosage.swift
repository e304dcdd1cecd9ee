extension R5 {
    /// How a medication is to be taken in R5: R4's Dosage, except that `asNeeded` is a plain
    /// flag with the conditions apart (`asNeededFor`) and a dose may have several maxima.
    public struct Dosage: FHIRElement {
        public var sequence: Int?
        public var text: String?
        public var additionalInstruction: [CodeableConcept] = []
        public var patientInstruction: String?
        public var timing: R4.Timing?
        public var asNeeded: Bool?
        public var asNeededFor: [CodeableConcept] = []
        public var route: CodeableConcept?
        public var method: CodeableConcept?
        public var doseAndRate: [R4.DoseAndRate] = []
        public var maxDosePerPeriod: [Ratio] = []
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
            asNeeded = try reader.bool("asNeeded")
            asNeededFor = try reader.elements("asNeededFor")
            route = try reader.element("route")
            method = try reader.element("method")
            doseAndRate = try reader.elements("doseAndRate")
            maxDosePerPeriod = try reader.elements("maxDosePerPeriod")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            writer.set("sequence", sequence)
            writer.set("text", text)
            writer.set("additionalInstruction", additionalInstruction)
            writer.set("patientInstruction", patientInstruction)
            writer.set("timing", timing)
            writer.set("asNeeded", asNeeded)
            writer.set("asNeededFor", asNeededFor)
            writer.set("route", route)
            writer.set("method", method)
            writer.set("doseAndRate", doseAndRate)
            writer.set("maxDosePerPeriod", maxDosePerPeriod)
            writer.merge(extra)
        }

        /// `asNeeded[x]` as DSTU2 and R4 say it: the first condition, else the flag.
        public var asNeededChoice: BooleanOrConcept? {
            if let condition = asNeededFor.first { return .codeableConcept(condition) }
            return asNeeded.map(BooleanOrConcept.boolean)
        }

        /// Sets the flag and the condition from `asNeeded[x]`.
        public mutating func setAsNeeded(_ choice: BooleanOrConcept?) {
            switch choice {
            case .boolean(let flag): (asNeeded, asNeededFor) = (flag, [])
            case .codeableConcept(let condition): (asNeeded, asNeededFor) = (true, [condition])
            case nil: (asNeeded, asNeededFor) = (nil, [])
            }
        }
    }
}
