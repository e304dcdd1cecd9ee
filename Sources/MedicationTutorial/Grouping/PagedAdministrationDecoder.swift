import FHIRModel

/// Decodes administrations page by page on the other cores while the caller fetches the next
/// page, with at most `ahead` pages waiting, so memory holds the administrations and a few
/// pages, never the whole result as JSON.
public struct PagedAdministrationDecoder {
    private var pending: [Task<DecodedPage, any Error>] = []
    private var decoded: [Administration] = []
    private var failure: (any Error)?
    /// Resources handed in so far: an error's path counts from the first page.
    private var seen = 0
    private let ahead: Int
    /// The most administrations the caller will take, so a server's `total` cannot make
    /// room for more.
    private let limit: Int

    public init(ahead: Int = 4, limit: Int = 100_000) {
        self.ahead = ahead
        self.limit = limit
    }

    /// Starts decoding one page; the first page's `total` makes room for all of them at once
    /// (growing a list of a hundred thousand step by step copies it many times over).
    public mutating func add(_ page: SearchsetPage) async {
        if seen == 0, let total = page.total, total > 0 { decoded.reserveCapacity(min(total, limit)) }
        await add(page.resources)
    }

    /// Starts decoding one page's administrations (other resource types are left out).
    public mutating func add(_ resources: [JSONNode]) async {
        let administrations = resources.filter { $0.member("resourceType", is: "MedicationAdministration") }
        let offset = seen
        seen += administrations.count
        pending.append(
            Task { try DecodedPage(decoding: administrations, firstIndex: offset) })
        while pending.count > ahead { await collectOldest() }
    }

    /// Every administration, in the order the pages and their entries came; the first error.
    public mutating func finish() async throws -> [Administration] {
        while !pending.isEmpty { await collectOldest() }
        if let failure { throw failure }
        return decoded
    }

    private mutating func collectOldest() async {
        let oldest = pending.removeFirst()
        do { try await oldest.value.moveAll(into: &decoded) } catch { failure = failure ?? error }
    }
}
