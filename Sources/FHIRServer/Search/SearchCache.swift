import Synchronization

/// What searches remember until the store's next change: the matches of a query, so paging
/// through a large result reads each page from here instead of scanning the type again, and
/// answers as sent, so a class asking the same search again and again gets the same bytes.
///
/// Everything kept carries the change count it was worked out at; at any other count it is
/// not there, so an answer from before a write is never served after it (a write can come
/// between a search's scan and the moment its answer is kept).
final class SearchCache: Sendable {
    /// At most this many of each are kept; past it, they are all dropped.
    static let limit = 32

    private struct Kept {
        var changes = 0
        var matches: [String: [StoredResource]] = [:]
        var answers: [String: [UInt8]] = [:]

        /// Whether what is kept holds at `count`; a later count drops everything.
        mutating func holds(at count: Int) -> Bool {
            if count > changes { self = Kept(changes: count) }
            return count == changes
        }
    }

    private let kept = Mutex(Kept())

    /// The answer kept for `request` at change count `changes`.
    func answer(for request: String, at changes: Int) -> [UInt8]? {
        kept.withLock { $0.holds(at: changes) ? $0.answers[request] : nil }
    }

    /// The matches kept for `query` (type and criteria, not the page) at change count `changes`.
    func matches(for query: String, at changes: Int) -> [StoredResource]? {
        kept.withLock { $0.holds(at: changes) ? $0.matches[query] : nil }
    }

    /// Keeps a search's answer for `request`, worked out at change count `changes`.
    func keep(answer: [UInt8], for request: String, asOf changes: Int) {
        kept.withLock { kept in
            guard kept.holds(at: changes) else { return }
            if kept.answers.count >= Self.limit { kept.answers = [:] }
            kept.answers[request] = answer
        }
    }

    /// Keeps a query's matches, found at change count `changes`.
    func keep(matches: [StoredResource], for query: String, asOf changes: Int) {
        kept.withLock { kept in
            guard kept.holds(at: changes) else { return }
            if kept.matches.count >= Self.limit { kept.matches = [:] }
            kept.matches[query] = matches
        }
    }
}
