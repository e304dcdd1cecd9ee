/// A postal address.
public struct Address: FHIRElement {
    public var use: String?
    public var type: String?
    public var text: String?
    public var line: [String] = []
    public var city: String?
    public var district: String?
    public var state: String?
    public var postalCode: String?
    public var country: String?
    public var period: Period?
    public var extra = JSONObject()

    public init(line: [String] = [], city: String? = nil, postalCode: String? = nil, country: String? = nil) {
        self.line = line
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        use = try reader.string("use")
        type = try reader.string("type")
        text = try reader.string("text")
        line = try reader.strings("line")
        city = try reader.string("city")
        district = try reader.string("district")
        state = try reader.string("state")
        postalCode = try reader.string("postalCode")
        country = try reader.string("country")
        period = try reader.element("period")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("use", use)
        writer.set("type", type)
        writer.set("text", text)
        writer.set("line", line)
        writer.set("city", city)
        writer.set("district", district)
        writer.set("state", state)
        writer.set("postalCode", postalCode)
        writer.set("country", country)
        writer.set("period", period)
        writer.merge(extra)
    }

    /// One line for a person: the text if given, else the parts joined by commas.
    public var displayText: String {
        if let text { return text }
        let cityLine = [postalCode, city].compactMap { $0 }.joined(separator: " ")
        return (line + [cityLine, state, country].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: ", ")
    }
}
