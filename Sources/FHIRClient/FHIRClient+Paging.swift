import FHIRModel

extension FHIRClient {
    /// Every resource a search finds, following `next` links until there are none, or at
    /// least `limit` resources are in, or a page is empty, or a link leads back to a page
    /// already read, or 1,000 pages were read: a server that pages forever cannot hang us.
    public func searchAll(_ type: String, _ parameters: [(String, String)], limit: Int) async throws(ClientError)
        -> [JSONValue]
    {
        var bundle = try await search(type, parameters)
        var resources = bundle.entry.compactMap(\.resource)
        var seen: Set<String> = []
        while resources.count < limit, !bundle.entry.isEmpty, seen.count < Self.pageLimit,
            let next = bundle.link.first(where: { $0.relation == "next" })?.url, seen.insert(next).inserted
        {
            bundle = try await page(next)
            resources += bundle.entry.compactMap(\.resource)
        }
        return resources
    }

    static let pageLimit = 1_000
}
