/// The human-readable XHTML summary of a resource.
public struct Narrative: FHIRElement {
    public var status: String?
    public var div: String?
    public var extra = JSONObject()

    public init(status: String? = nil, div: String? = nil) {
        self.status = status
        self.div = div
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        status = try reader.string("status")
        div = try reader.string("div")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("status", status)
        writer.set("div", div)
        writer.merge(extra)
    }
}
