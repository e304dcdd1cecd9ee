/// A business identifier, such as a social security number in a given system.
public struct Identifier: FHIRElement {
    public var use: String?
    public var type: CodeableConcept?
    public var system: String?
    public var value: String?
    public var period: Period?
    public var extra = JSONObject()

    public init(system: String? = nil, value: String? = nil) {
        self.system = system
        self.value = value
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        use = try reader.string("use")
        type = try reader.element("type")
        system = try reader.string("system")
        value = try reader.string("value")
        period = try reader.element("period")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("use", use)
        writer.set("type", type)
        writer.set("system", system)
        writer.set("value", value)
        writer.set("period", period)
        writer.merge(extra)
    }
}
