import FHIRModel
import Foundation

/// Type-level search with paging (`_count`, absolute `next`/`previous` links), `_sort`,
/// `_include` and `_summary=count`.
extension FHIRService {
    static let defaultPageSize = 50
    static let maximumPageSize = 1000
    /// Parameters that shape the answer rather than filter it.
    static let controlParameters: Set<String> = ["_count", "_offset", "_include", "_format", "_pretty", "_summary"]

    func search(_ context: FHIRExchange, type: String) async -> FHIRResponse {
        let request = context.answerKey(type)
        if let body = searches.answer(for: request, at: store.changeCount) { return context.respond(200, body: body) }
        let plan: SearchPlan
        do {
            plan = try SearchPlan.make(context: context, type: type, parameters: searchParameters.parameters(of: type))
        } catch {
            return error.response
        }
        let (criteria, sort) = (plan.criteria, plan.sort)
        let matching: @Sendable (JSONValue) -> Bool = { json in criteria.allSatisfy { $0.matches(json) } }
        var ordering: (@Sendable ([StoredResource]) -> [StoredResource])?
        if !sort.keys.isEmpty { ordering = { @Sendable matches in sort.sorted(matches) } }
        let (matches, changes) = await matches(type, query: plan.cacheKey, matching: matching, ordering: ordering)
        let response = await answer(context, type: type, plan: plan, matches: matches)
        if response.status == 200 { searches.keep(answer: response.body, for: request, asOf: changes) }
        return response
    }

    /// The matches of `query` as kept since the last change, else as the store finds them now.
    private func matches(
        _ type: String, query: String, matching: @Sendable (JSONValue) -> Bool,
        ordering: (@Sendable ([StoredResource]) -> [StoredResource])?
    ) async -> (found: [StoredResource], changes: Int) {
        let now = store.changeCount
        if let kept = searches.matches(for: "\(type)?\(query)", at: now) { return (kept, now) }
        let (found, changes) = await store.search(type, matching: matching, ordering: ordering)
        searches.keep(matches: found, for: "\(type)?\(query)", asOf: changes)
        return (found, changes)
    }

    /// The searchset Bundle of `matches`: the page the plan asks for, its includes and links.
    private func answer(_ context: FHIRExchange, type: String, plan: SearchPlan, matches: [StoredResource]) async
        -> FHIRResponse
    {
        var bundle = Bundle(type: "searchset")
        bundle.header.id = nil
        bundle.total = matches.count
        bundle.link = plan.links(base: "\(context.baseURL)/\(type)", total: matches.count)
        if plan.summaryCount { return context.respond(200, bundle.json) }
        let page = Array(matches.dropFirst(plan.offset).prefix(plan.count))
        let included = await included(by: plan, from: page)
        let entries =
            page.map { entry($0, base: context.baseURL, mode: "match") }
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

    /// The resources that `_include=Type:param` names, each once, in order of first mention.
    private func included(by plan: SearchPlan, from page: [StoredResource]) async -> [StoredResource] {
        // Most searches include nothing: then the page's names need not be listed.
        guard !plan.includes.isEmpty else { return [] }
        var seen = Set(page.map { "\($0.type)/\($0.id)" })
        var result: [StoredResource] = []
        for parameter in plan.includes {
            for stored in page {
                for value in parameter.values(stored.json ?? .null) {
                    guard let text = value["reference"]?.stringValue, let target = Reference(reference: text).target,
                        seen.insert("\(target.type)/\(target.id)").inserted,
                        let found = await store.read(target.type, target.id)
                    else { continue }
                    result.append(found)
                }
            }
        }
        return result
    }
}

/// A search request understood: its criteria, paging and includes.
struct SearchPlan {
    var criteria: [SearchCriterion] = []
    /// The filter parameters as given, for the links.
    var applied: [(name: String, value: String)] = []
    var includes: [SearchParameter] = []
    var includeValues: [String] = []
    var sort = SearchSort()
    /// The `_sort` parameters as given, for the links and the cache key.
    var sortItems: [(name: String, value: String)] = []
    var count = FHIRService.defaultPageSize
    var offset = 0
    var summaryCount = false

    static func make(context: FHIRExchange, type: String, parameters: [SearchParameter])
        throws(FHIRService.Refusal) -> SearchPlan
    {
        let strict = (context.request.headers["prefer"] ?? "").includes("handling=strict")
        var plan = SearchPlan()
        var unknown: [String] = []
        for (name, value) in context.request.query {
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let modifier = parts.count > 1 ? parts[1] : nil
            if parts[0] == "_sort" {
                guard plan.sort.add(modifier: modifier, value: value, parameters: parameters) else {
                    unknown.append("\(name)=\(value)"); continue
                }
                plan.sortItems.append((name, value))
            } else if FHIRService.controlParameters.contains(name) {
                guard plan.control(name, value, parameters: parameters, type: type) else {
                    unknown.append("\(name)=\(value)"); continue
                }
            } else if let parameter = parameters.first(where: { $0.name == parts[0] }),
                SearchCriterion.accepts(modifier, for: parameter)
            {
                let values = value.split(separator: ",").map(String.init)
                if parameter.kind == .date, let bad = values.first(where: { DateMatch($0) == nil }) {
                    let message = "'\(bad)' is not a date search value for \(name)"
                    throw FHIRService.Refusal(response: context.outcome(400, "invalid", message))
                }
                plan.criteria.append(SearchCriterion(parameter: parameter, modifier: modifier, values: values))
                plan.applied.append((name, value))
            } else {
                unknown.append(name)
            }
        }
        if strict, !unknown.isEmpty {
            let message = "unknown search parameters for \(type): \(unknown.joined(separator: ", "))"
            throw FHIRService.Refusal(response: context.outcome(400, "not-supported", message))
        }
        return plan
    }

    /// Applies one control parameter; false when its value is not understood.
    private mutating func control(_ name: String, _ value: String, parameters: [SearchParameter], type: String) -> Bool
    {
        switch name {
        case "_count":
            guard let number = Int(value), number >= 0 else { return false }
            count = min(number, FHIRService.maximumPageSize)
        case "_offset":
            guard let number = Int(value), number >= 0 else { return false }
            offset = number
        case "_summary":
            guard value == "count" else { return value == "false" }
            summaryCount = true
        case "_include":
            let parts = value.split(separator: ":").map(String.init)
            guard parts.count >= 2, parts[0] == type,
                let parameter = parameters.first(where: { $0.name == parts[1] && $0.kind == .reference })
            else { return false }
            includes.append(parameter)
            includeValues.append(value)
        default: break
        }
        return true
    }

    /// What identifies the search's result whatever the page: its filters, in the order given,
    /// each part preceded by its length so that no value can pass for another parameter.
    var cacheKey: String {
        (applied + sortItems).map { "\($0.name.utf8.count):\($0.name)\($0.value.utf8.count):\($0.value)" }.joined()
    }

    /// `self`, and `next`/`previous` when there are more pages, as absolute URLs.
    func links(base: String, total: Int) -> [BundleLink] {
        var links = [BundleLink(relation: "self", url: url(base: base, offset: offset))]
        if !summaryCount, count > 0, offset + count < total {
            links.append(BundleLink(relation: "next", url: url(base: base, offset: offset + count)))
        }
        if !summaryCount, offset > 0 {
            links.append(BundleLink(relation: "previous", url: url(base: base, offset: max(0, offset - count))))
        }
        return links
    }

    private func url(base: String, offset: Int) -> String {
        var items = applied + sortItems
        items += includeValues.map { ("_include", $0) }
        if summaryCount { items.append(("_summary", "count")) }
        items.append(("_count", String(count)))
        if offset > 0 { items.append(("_offset", String(offset))) }
        return base + "?" + QueryEncoding.query(items)
    }
}
