/// One page of a search's results, read from a ``JSONTape`` without making its resources into
/// trees: the links to other pages and, for each entry, its resource as a ``JSONNode`` that
/// stays unread until a model reads it.
///
/// A page of a thousand administrations is read this way so that its resources are decoded
/// once, straight from the bytes, on whichever core has time (``Bundle`` is the whole model).
public struct SearchsetPage: Sendable {
    public let total: Int?
    public let link: [BundleLink]
    /// How many entries the page has, with or without a resource.
    public let entryCount: Int
    /// The entries' resources in order; entries without one are left out.
    public let resources: [JSONNode]

    /// Reads the page, checking what it reads as ``Bundle`` does: a Bundle, its links, its
    /// entries objects and their resources objects.
    public init(tape: JSONTape) throws(FHIRDecodingError) {
        let location = ElementPath.root(Bundle.resourceType)
        guard tape.root.isObject else {
            throw FHIRDecodingError(path: location.text, message: "expected an object, found \(tape.root.kindName)")
        }
        var reader = ElementReader(tape: tape, object: 0, location: location)
        _ = try ResourceHeader(reading: &reader, accepting: [Bundle.resourceType])
        total = try reader.integer("total")
        link = try reader.elements("link")
        guard let entries = reader.node("entry") else {
            (entryCount, resources) = (0, [])
            return
        }
        guard let items = entries.items else {
            throw reader.error("entry", "expected an array, found \(entries.kindName)")
        }
        entryCount = items.count
        resources = try Self.resources(of: items, at: location)
    }

    /// The URL of the link with this relation (`self`, `next`, `previous`, …).
    public func link(_ relation: String) -> String? {
        link.first { $0.relation == relation }?.url
    }

    private static func resources(of entries: [JSONNode], at location: ElementPath) throws(FHIRDecodingError)
        -> [JSONNode]
    {
        var resources: [JSONNode] = []
        resources.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let path = ElementPath.item(location, "entry", index)
            guard entry.isObject else {
                throw FHIRDecodingError(path: path.text, message: "expected an object, found \(entry.kindName)")
            }
            guard let resource = entry["resource"] else { continue }
            guard resource.isObject else {
                throw FHIRDecodingError(
                    path: ElementPath.member(path, "resource").text,
                    message: "expected an object, found \(resource.kindName)")
            }
            resources.append(resource)
        }
        return resources
    }
}
