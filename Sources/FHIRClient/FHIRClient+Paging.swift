import FHIRModel

extension FHIRClient {
    /// Every resource a search finds, following `next` links until there are none, or at
    /// least `limit` resources are in, or a page is empty, or a link leads back to a page
    /// already read, or 1,000 pages were read: a server that pages forever cannot hang us.
    public func searchAll(_ type: String, _ parameters: [(String, String)], limit: Int) async throws(ClientError)
        -> [JSONValue]
    {
        var resources: [JSONValue] = []
        try await searchAll(type, parameters, limit: limit) { resources += $0 }
        return resources
    }

    /// The same search, handing each page's resources to `receive` as the page arrives rather
    /// than keeping them all: a long result need never be held whole.
    public func searchAll(
        _ type: String, _ parameters: [(String, String)], limit: Int, eachPage receive: ([JSONValue]) async -> Void
    ) async throws(ClientError) {
        var bundle = try await search(type, parameters)
        var count = bundle.entry.count
        await receive(bundle.entry.compactMap(\.resource))
        var seen: Set<String> = []
        while count < limit, !bundle.entry.isEmpty, seen.count < Self.pageLimit,
            let next = bundle.link.first(where: { $0.relation == "next" })?.url, seen.insert(next).inserted
        {
            bundle = try await page(next)
            count += bundle.entry.count
            await receive(bundle.entry.compactMap(\.resource))
        }
    }

    static let pageLimit = 1_000
}
