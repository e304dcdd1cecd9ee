/// FHIR's Timing: explicit event times and/or a repeating rule, with an optional code.
///
/// The outer element is the same in DSTU2 and R4; only its `repeat` differs, so each
/// version names this with its own rule (``DSTU2/Timing``, ``R4/Timing``).
public struct TimingOf<Rule: FHIRElement>: FHIRElement {
    public var event: [String] = []
    public var `repeat`: Rule?
    public var code: CodeableConcept?
    public var extra = JSONObject()

    public init(repeat rule: Rule? = nil) { self.repeat = rule }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        event = try reader.strings("event")
        self.repeat = try reader.element("repeat")
        code = try reader.element("code")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("event", event)
        writer.set("repeat", self.repeat)
        writer.set("code", code)
        writer.merge(extra)
    }
}
