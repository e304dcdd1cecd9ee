/// A person's name. DSTU2 allows several family names (an array), R4 one (a string);
/// the form read is remembered so the name is written back the way it came.
public struct HumanName: FHIRElement {
    public var use: String?
    public var text: String?
    public var family: [String]
    public var given: [String]
    public var prefix: [String] = []
    public var suffix: [String] = []
    public var period: Period?
    /// Whether `family` is written as a JSON array (DSTU2) rather than a string (R4).
    public var familyIsList: Bool
    public var extra = JSONObject()

    public init(family: [String] = [], given: [String] = [], familyIsList: Bool = false) {
        self.family = family
        self.given = given
        self.familyIsList = familyIsList
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        use = try reader.string("use")
        text = try reader.string("text")
        if case .array = reader.raw("family") {
            family = try reader.strings("family")
            familyIsList = true
        } else {
            family = try reader.string("family").map { [$0] } ?? []
            familyIsList = false
        }
        given = try reader.strings("given")
        prefix = try reader.strings("prefix")
        suffix = try reader.strings("suffix")
        period = try reader.element("period")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("use", use)
        writer.set("text", text)
        if familyIsList || family.count > 1 {
            writer.set("family", family)
        } else {
            writer.set("family", family.first)
        }
        writer.set("given", given)
        writer.set("prefix", prefix)
        writer.set("suffix", suffix)
        writer.set("period", period)
        writer.merge(extra)
    }

    /// The name as a person reads it: the text if given, else prefix, given and family names.
    public var displayText: String {
        if let text { return text }
        return (prefix + given + family).joined(separator: " ")
    }
}
