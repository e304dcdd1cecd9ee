/// A way to reach someone: phone, email, fax and so on.
public struct ContactPoint: FHIRElement {
    public var system: String?
    public var value: String?
    public var use: String?
    public var rank: Int?
    public var period: Period?
    public var extra = JSONObject()

    public init(system: String? = nil, value: String? = nil, use: String? = nil) {
        self.system = system
        self.value = value
        self.use = use
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        system = try reader.string("system")
        value = try reader.string("value")
        use = try reader.string("use")
        rank = try reader.integer("rank")
        period = try reader.element("period")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("system", system)
        writer.set("value", value)
        writer.set("use", use)
        writer.set("rank", rank)
        writer.set("period", period)
        writer.merge(extra)
    }
}
