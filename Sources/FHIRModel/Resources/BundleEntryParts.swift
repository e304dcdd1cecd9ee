/// Why an entry is in a search result: `match` or `include`.
public struct BundleEntrySearch: FHIRElement {
    public var mode: String?
    public var score: FHIRDecimal?
    public var extra = JSONObject()

    public init(mode: String) { self.mode = mode }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        mode = try reader.string("mode")
        score = try reader.decimal("score")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("mode", mode)
        writer.set("score", score)
        writer.merge(extra)
    }
}

/// The interaction a transaction or batch entry asks for.
public struct BundleEntryRequest: FHIRElement {
    public var method: String?
    public var url: String?
    public var ifMatch: String?
    public var ifNoneExist: String?
    public var extra = JSONObject()

    public init(method: String, url: String) {
        self.method = method
        self.url = url
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        method = try reader.string("method")
        url = try reader.string("url")
        ifMatch = try reader.string("ifMatch")
        ifNoneExist = try reader.string("ifNoneExist")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("method", method)
        writer.set("url", url)
        writer.set("ifMatch", ifMatch)
        writer.set("ifNoneExist", ifNoneExist)
        writer.merge(extra)
    }
}

/// What the server did with one transaction or batch entry.
public struct BundleEntryResponse: FHIRElement {
    public var status: String?
    public var location: String?
    public var etag: String?
    public var lastModified: String?
    public var outcome: JSONValue?
    public var extra = JSONObject()

    public init(status: String, location: String? = nil, etag: String? = nil, lastModified: String? = nil) {
        self.status = status
        self.location = location
        self.etag = etag
        self.lastModified = lastModified
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        status = try reader.string("status")
        location = try reader.string("location")
        etag = try reader.string("etag")
        lastModified = try reader.dateTime("lastModified")
        outcome = reader.raw("outcome")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("status", status)
        writer.set("location", location)
        writer.set("etag", etag)
        writer.set("lastModified", lastModified)
        writer.set("outcome", outcome)
        writer.merge(extra)
    }
}
