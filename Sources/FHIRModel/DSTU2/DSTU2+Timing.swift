extension DSTU2 {
    /// When a medication is taken: explicit events and/or this version's repeating rule.
    public typealias Timing = TimingOf<TimingRepeat>

    /// DSTU2's `Timing.repeat`: one `when` code, unit names ending in `Units`.
    public struct TimingRepeat: FHIRElement {
        public var bounds: TimingBounds?
        public var count: Int?
        public var duration: FHIRDecimal?
        public var durationMax: FHIRDecimal?
        public var durationUnits: String?
        public var frequency: Int?
        public var frequencyMax: Int?
        public var period: FHIRDecimal?
        public var periodMax: FHIRDecimal?
        public var periodUnits: String?
        public var when: String?
        public var extra = JSONObject()

        public init() {}

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            bounds = try TimingBounds.read(from: &reader, durationSuffix: "Quantity")
            count = try reader.integer("count")
            duration = try reader.nonNegativeDecimal("duration")
            durationMax = try reader.nonNegativeDecimal("durationMax")
            durationUnits = try reader.string("durationUnits")
            frequency = try reader.positiveInt("frequency")
            frequencyMax = try reader.positiveInt("frequencyMax")
            period = try reader.nonNegativeDecimal("period")
            periodMax = try reader.nonNegativeDecimal("periodMax")
            periodUnits = try reader.string("periodUnits")
            when = try reader.string("when")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            bounds?.write(to: &writer, durationSuffix: "Quantity")
            writer.set("count", count)
            writer.set("duration", duration)
            writer.set("durationMax", durationMax)
            writer.set("durationUnits", durationUnits)
            writer.set("frequency", frequency)
            writer.set("frequencyMax", frequencyMax)
            writer.set("period", period)
            writer.set("periodMax", periodMax)
            writer.set("periodUnits", periodUnits)
            writer.set("when", when)
            writer.merge(extra)
        }
    }
}
