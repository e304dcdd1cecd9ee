/// Resource metadata the server maintains: version and time of the last change.
public struct Meta: FHIRElement {
    public var versionId: String?
    public var lastUpdated: String?
    public var profile: [String] = []
    public var extra = JSONObject()

    public init(versionId: String? = nil, lastUpdated: String? = nil) {
        self.versionId = versionId
        self.lastUpdated = lastUpdated
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        versionId = try reader.string("versionId")
        lastUpdated = try reader.dateTime("lastUpdated")
        profile = try reader.strings("profile")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("versionId", versionId)
        writer.set("lastUpdated", lastUpdated)
        writer.set("profile", profile)
        writer.merge(extra)
    }
}
