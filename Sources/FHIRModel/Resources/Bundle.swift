/// A collection of resources: search results, transactions, and the built-in dataset.
///
/// Entries keep their resource as raw JSON so a bundle of any resource type round-trips;
/// decode an entry with ``BundleEntry/decodeResource(as:)`` when its type is known.
public struct Bundle: FHIRResource {
    public static let resourceType = "Bundle"
    public var header = ResourceHeader(resourceType: resourceType)
    public var type: String?
    public var total: Int?
    public var link: [BundleLink] = []
    public var entry: [BundleEntry] = []
    public var extra = JSONObject()

    public init(type: String, id: String? = nil) {
        self.type = type
        header.id = id
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
        type = try reader.string("type")
        total = try reader.integer("total")
        link = try reader.elements("link")
        entry = try reader.elements("entry")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("type", type)
        writer.set("total", total)
        writer.set("link", link)
        writer.set("entry", entry)
        writer.merge(extra)
    }

    /// The URL of the link with this relation (`self`, `next`, `previous`, …).
    public func link(_ relation: String) -> String? {
        link.first { $0.relation == relation }?.url
    }
}

/// A link from a bundle to another page of results.
public struct BundleLink: FHIRElement {
    public var relation: String?
    public var url: String?
    public var extra = JSONObject()

    public init(relation: String, url: String) {
        self.relation = relation
        self.url = url
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        relation = try reader.string("relation")
        url = try reader.string("url")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("relation", relation)
        writer.set("url", url)
        writer.merge(extra)
    }
}
