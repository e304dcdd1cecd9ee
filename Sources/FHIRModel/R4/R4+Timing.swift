extension R4 {
    /// When a medication is taken: explicit events and/or this version's repeating rule.
    public typealias Timing = TimingOf<TimingRepeat>

    /// R4's `Timing.repeat`: adds `countMax`, days of week, times of day, several `when`
    /// codes with an `offset` in minutes, and names units in the singular.
    public struct TimingRepeat: FHIRElement {
        public var bounds: TimingBounds?
        public var count: Int?
        public var countMax: Int?
        public var duration: FHIRDecimal?
        public var durationMax: FHIRDecimal?
        public var durationUnit: String?
        public var frequency: Int?
        public var frequencyMax: Int?
        public var period: FHIRDecimal?
        public var periodMax: FHIRDecimal?
        public var periodUnit: String?
        public var dayOfWeek: [String] = []
        public var timeOfDay: [String] = []
        public var when: [String] = []
        public var offset: Int?
        public var extra = JSONObject()

        public init() {}

        public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            bounds = try TimingBounds.read(from: &reader, durationSuffix: "Duration")
            count = try reader.positiveInt("count")
            countMax = try reader.positiveInt("countMax")
            duration = try reader.nonNegativeDecimal("duration")
            durationMax = try reader.nonNegativeDecimal("durationMax")
            durationUnit = try reader.string("durationUnit")
            frequency = try reader.positiveInt("frequency")
            frequencyMax = try reader.positiveInt("frequencyMax")
            period = try reader.nonNegativeDecimal("period")
            periodMax = try reader.nonNegativeDecimal("periodMax")
            periodUnit = try reader.string("periodUnit")
            dayOfWeek = try reader.strings("dayOfWeek")
            timeOfDay = try reader.strings("timeOfDay")
            when = try reader.strings("when")
            offset = try reader.unsignedInt("offset")
            extra = reader.remainder()
        }

        public func write(to writer: inout ElementWriter) {
            bounds?.write(to: &writer, durationSuffix: "Duration")
            writer.set("count", count)
            writer.set("countMax", countMax)
            writer.set("duration", duration)
            writer.set("durationMax", durationMax)
            writer.set("durationUnit", durationUnit)
            writer.set("frequency", frequency)
            writer.set("frequencyMax", frequencyMax)
            writer.set("period", period)
            writer.set("periodMax", periodMax)
            writer.set("periodUnit", periodUnit)
            writer.set("dayOfWeek", dayOfWeek)
            writer.set("timeOfDay", timeOfDay)
            writer.set("when", when)
            writer.set("offset", offset)
            writer.merge(extra)
        }
    }
}
