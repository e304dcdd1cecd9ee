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

    /// The same search with the resources left unread, for reading straight into models.
    public func searchNodes(_ type: String, _ parameters: [(String, String)], limit: Int) async throws(ClientError)
        -> [JSONNode]
    {
        var resources: [JSONNode] = []
        try await searchPages(type, parameters, limit: limit) { resources += $0.resources }
        return resources
    }

    /// The same search, handing each page's resources to `receive` as the page arrives rather
    /// than keeping them all: a long result need never be held whole.
    public func searchAll(
        _ type: String, _ parameters: [(String, String)], limit: Int, eachPage receive: ([JSONValue]) async -> Void
    ) async throws(ClientError) {
        try await searchPages(type, parameters, limit: limit) { await receive($0.resources.map(\.json)) }
    }

    /// The same search, handing over each page with its resources still unread, for a caller
    /// that reads them straight into models (and may do so on another core).
    public func searchPages(
        _ type: String, _ parameters: [(String, String)], limit: Int, eachPage receive: (SearchsetPage) async -> Void
    ) async throws(ClientError) {
        var page = try await searchsetPage(searchURL(type, parameters))
        var count = page.entryCount
        await receive(page)
        var seen: Set<String> = []
        while count < limit, page.entryCount > 0, seen.count < Self.pageLimit,
            let next = page.link("next"), seen.insert(next).inserted
        {
            page = try await searchsetPage(next)
            count += page.entryCount
            await receive(page)
        }
    }

    static let pageLimit = 1_000
}
