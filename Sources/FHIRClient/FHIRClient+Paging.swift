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
        let first = searchURL(type, parameters)
        var page = try await searchsetPage(first)
        var count = page.entryCount
        await receive(page)
        // Every page read, by its URL and by its own `self` link: a `next` back to any of them
        // (itself included) ends the walk rather than reading a page twice.
        var seen: Set<String> = [first]
        var pages = 1
        if let own = page.link("self") { seen.insert(pageURL(own)) }
        while count < limit, page.entryCount > 0, pages < Self.pageLimit,
            let next = page.link("next").map(pageURL), seen.insert(next).inserted
        {
            page = try await searchsetPage(next)
            (count, pages) = (count + page.entryCount, pages + 1)
            if let own = page.link("self") { seen.insert(pageURL(own)) }
            await receive(page)
        }
    }

    static let pageLimit = 1_000
}
