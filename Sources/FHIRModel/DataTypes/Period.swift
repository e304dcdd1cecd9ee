/// A span of time given by a start and/or an end.
public struct Period: FHIRElement {
    public var start: String?
    public var end: String?
    public var extra = JSONObject()

    public init(start: String? = nil, end: String? = nil) {
        self.start = start
        self.end = end
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        start = try reader.dateTime("start")
        end = try reader.dateTime("end")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("start", start)
        writer.set("end", end)
        writer.merge(extra)
    }
}
