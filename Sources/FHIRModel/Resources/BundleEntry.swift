/// One entry of a bundle: a resource, and for transactions the request or response.
public struct BundleEntry: FHIRElement {
    public var fullUrl: String?
    public var resource: JSONValue?
    public var search: BundleEntrySearch?
    public var request: BundleEntryRequest?
    public var response: BundleEntryResponse?
    public var extra = JSONObject()

    public init(fullUrl: String? = nil, resource: JSONValue? = nil, searchMode: String? = nil) {
        self.fullUrl = fullUrl
        self.resource = resource
        self.search = searchMode.map { BundleEntrySearch(mode: $0) }
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        fullUrl = try reader.string("fullUrl")
        resource = reader.raw("resource")
        if let resource, resource.objectValue == nil {
            throw reader.error("resource", "expected an object, found \(resource.kindName)")
        }
        search = try reader.element("search")
        request = try reader.element("request")
        response = try reader.element("response")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("fullUrl", fullUrl)
        writer.set("resource", resource)
        writer.set("search", search)
        writer.set("request", request)
        writer.set("response", response)
        writer.merge(extra)
    }

    /// The entry's resource decoded as `T`, with paths naming the entry.
    public func decodeResource<T: FHIRResource>(as type: T.Type, path: String = "Bundle.entry")
        throws(FHIRDecodingError)
        -> T?
    {
        guard let resource else { return nil }
        return try T(json: resource, path: path)
    }
}
