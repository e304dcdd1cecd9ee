import FHIRModel

/// Why a search cannot be answered: an OperationOutcome's code and a message for the user.
struct SearchProblem: Error {
    let code: String
    let message: String
}

/// A search request understood: its criteria, chains, paging, includes and the shape of its
/// answer. Made from the query alone; the chains are searched by the service.
struct SearchPlan: Sendable {
    /// What `_summary` asks for.
    enum Summary: Sendable { case count, data, text }

    /// `_include` (forward) or `_revinclude` (reverse): `sourceType:parameter[:targetType]`.
    struct Include: Sendable {
        let sourceType: String
        let parameter: SearchParameter
        let targetType: String?
        let iterate: Bool
    }

    /// `patient.name=peter` (forward: the references of `parameter` name one of `types` that
    /// matches `inner`) or `_has:Observation:patient:code=x` (reverse: a resource of
    /// `types[0]` whose `parameter` names this one matches `inner`).
    struct Chain: Sendable {
        let parameter: SearchParameter
        let types: [String]
        let inner: (name: String, value: String)
        let reverse: Bool
    }

    var criteria: [SearchCriterion] = []
    var chains: [Chain] = []
    /// The filter parameters as given, for the links and the cache key.
    var applied: [(name: String, value: String)] = []
    var includes: [Include] = []
    var revincludes: [Include] = []
    var sort = SearchSort()
    /// The `_sort` parameters as given, for the links and the cache key.
    var sortItems: [(name: String, value: String)] = []
    /// The parameters that shape the answer (`_include`, `_elements`, …), for the links.
    var shaping: [(name: String, value: String)] = []
    var count = FHIRService.defaultPageSize
    var offset = 0
    var summary: Summary?
    var elements: [String]?
    var total = true

    /// The control parameters understood, besides `_sort`, `_include` and `_revinclude`.
    /// `_totalMethod` is Aidbox's `_total`, which its client (fhirpy) sends with every count.
    static let controls: Set<String> = [
        "_count", "_offset", "_summary", "_elements", "_total", "_totalMethod", "_format", "_pretty",
    ]

    /// Reads `query`, a search of `type`. Unknown parameters (or values not understood) are
    /// refused unless `lenient`, when they are left out as the client's `Prefer` allows.
    static func make(
        query: [(name: String, value: String)], type: String, lenient: Bool, parameters: SearchParameterIndex,
        base: ServerBase
    ) throws(SearchProblem) -> SearchPlan {
        var reader = SearchPlanReader(type: type, index: parameters, base: base)
        for (name, value) in query { try reader.read(name, value) }
        if !lenient, !reader.unknown.isEmpty {
            let message =
                "search parameters \(type) does not understand: \(reader.unknown.joined(separator: ", "))"
                + " (send Prefer: handling=lenient to leave them out)"
            throw SearchProblem(code: "not-supported", message: message)
        }
        return reader.plan
    }

    /// What identifies the search's result whatever the page: its filters, in the order given,
    /// each part preceded by its length so that no value can pass for another parameter.
    var cacheKey: String {
        (applied + sortItems).map { "\($0.name.utf8.count):\($0.name)\($0.value.utf8.count):\($0.value)" }.joined()
    }

    /// `self`, and `next`/`previous` when there are more pages, as absolute URLs.
    func links(base: String, total: Int) -> [BundleLink] {
        var links = [BundleLink(relation: "self", url: url(base: base, offset: offset))]
        if summary != .count, count > 0, offset + count < total {
            links.append(BundleLink(relation: "next", url: url(base: base, offset: offset + count)))
        }
        if summary != .count, offset > 0 {
            links.append(BundleLink(relation: "previous", url: url(base: base, offset: max(0, offset - count))))
        }
        return links
    }

    private func url(base: String, offset: Int) -> String {
        var items = applied + sortItems + shaping
        items.append(("_count", String(count)))
        if offset > 0 { items.append(("_offset", String(offset))) }
        return base + "?" + QueryEncoding.query(items)
    }
}
