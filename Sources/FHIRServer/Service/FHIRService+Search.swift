import FHIRModel
import Foundation

/// Type-level search: criteria answered from the store's indexes, chains and `_has`, paging
/// (`_count`, absolute `next`/`previous` links), `_sort`, `_include`/`_revinclude`,
/// `_summary` and `_elements`.
extension FHIRService {
    static let defaultPageSize = 50
    static let maximumPageSize = 1000

    /// `compartment`: the id of the patient whose compartment the search is of
    /// (`Patient/f001/Observation`), nil for the whole type.
    func search(_ context: FHIRExchange, type: String, compartment: String? = nil) async -> FHIRResponse {
        let path = compartment.map { "Patient/\($0)/\(type)" } ?? type
        // A patient's token gets the answer of its own compartment, kept apart from others'.
        let request = context.answerKey(path) + (context.grant?.answerKey ?? "")
        if let body = searches.answer(for: request, at: store.changeCount) { return context.respond(200, body: body) }
        let lenient = (context.request.headers["prefer"] ?? "").includes("handling=lenient")
        let plan: SearchPlan
        let matches: (found: [StoredResource], changes: Int)
        do {
            plan = try searchPlan(context.request.query, type: type, lenient: lenient)
            matches = try await self.matches(type, plan: plan, depth: 0, access: access(context))
        } catch {
            return context.outcome(error.code == "forbidden" ? 403 : 400, error.code, error.message)
        }
        var found = matches.found
        if let compartment { found = await inCompartment(found, type: type, patient: compartment) }
        let response = await answer(context, type: type, path: path, plan: plan, matches: found)
        if response.status == 200 { searches.keep(answer: response.body, for: request, asOf: matches.changes) }
        return response
    }

    func searchPlan(_ query: [(name: String, value: String)], type: String, lenient: Bool)
        throws(SearchProblem) -> SearchPlan
    {
        try SearchPlan.make(query: query, type: type, lenient: lenient, parameters: searchParameters, base: base)
    }

    /// The matches of `plan` that `access` reaches, as kept since the last change, else as the
    /// store finds them now (its chains searched first, each through the same access).
    func matches(_ type: String, plan: SearchPlan, depth: Int, access: StoreAccess) async throws(SearchProblem)
        -> (found: [StoredResource], changes: Int)
    {
        if access.level(.search, on: type) == .none {
            let scopes = access.grant.map { " (\($0.scopes))" } ?? ""
            throw SearchProblem(
                code: "forbidden", message: "the token's scopes\(scopes) do not allow to search \(type)")
        }
        let key = "\(type)?\(plan.cacheKey)|\(access.key)"
        let now = store.changeCount
        if let kept = searches.matches(for: key, at: now) { return (kept, now) }
        let criteria = try await plan.criteria + chained(plan.chains, type: type, depth: depth, access: access)
        let sort = plan.sort
        let ordering: (@Sendable ([StoredResource]) -> [StoredResource])? =
            sort.keys.isEmpty ? nil : { @Sendable in sort.sorted($0) }
        let (all, changes) = await store.search(type, criteria: criteria, ordering: ordering)
        let found = await access.narrowed(all, type: type, .search)
        searches.keep(matches: found, for: key, asOf: changes)
        return (found, changes)
    }

    /// The searchset Bundle of `matches`: the page the plan asks for, its includes and links.
    private func answer(
        _ context: FHIRExchange, type: String, path: String, plan: SearchPlan, matches: [StoredResource]
    ) async -> FHIRResponse {
        var bundle = Bundle(type: "searchset")
        bundle.header.id = nil
        bundle.total = plan.total ? matches.count : nil
        bundle.link = plan.links(base: "\(context.baseURL)/\(path)", total: matches.count)
        if plan.summary == .count { return context.respond(200, bundle.json) }
        let page = Array(matches.dropFirst(plan.offset).prefix(plan.count))
        let included = await self.included(by: plan, from: page, access: access(context))
        let shown = page.map { SearchSubset.shown($0, plan: plan, model: version.typeModel) }
        let entries =
            shown.map { entry($0, base: context.baseURL, mode: "match") }
            + included.map { entry($0, base: context.baseURL, mode: "include") }
        guard context.wantsPretty else {
            return context.respond(200, body: SearchsetBody.bytes(bundle, entries: entries))
        }
        bundle.entry = entries.map { BundleEntry(fullUrl: $0.fullUrl, resource: $0.stored.json, searchMode: $0.mode) }
        return context.respond(200, bundle.json)
    }

    private func entry(_ stored: StoredResource, base: String, mode: String) -> SearchsetBody.Entry {
        SearchsetBody.Entry(stored: stored, fullUrl: "\(base)/\(stored.type)/\(stored.id)", mode: mode)
    }
}
