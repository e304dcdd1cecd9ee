/// A range between a low and a high quantity, both optional.
public struct Range: FHIRElement {
    public var low: Quantity?
    public var high: Quantity?
    public var extra = JSONObject()

    public init(low: Quantity? = nil, high: Quantity? = nil) {
        self.low = low
        self.high = high
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        low = try reader.element("low")
        high = try reader.element("high")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("low", low)
        writer.set("high", high)
        writer.merge(extra)
    }
}
