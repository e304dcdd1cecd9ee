/// A ratio of two quantities, e.g. a rate of 5 mg per hour.
public struct Ratio: FHIRElement {
    public var numerator: Quantity?
    public var denominator: Quantity?
    public var extra = JSONObject()

    public init(numerator: Quantity? = nil, denominator: Quantity? = nil) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        numerator = try reader.element("numerator")
        denominator = try reader.element("denominator")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("numerator", numerator)
        writer.set("denominator", denominator)
        writer.merge(extra)
    }
}
