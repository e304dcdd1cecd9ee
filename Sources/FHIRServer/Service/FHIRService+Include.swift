import FHIRModel

/// `_include` and `_revinclude`: the resources a page's matches name, and those that name them,
/// each once, in order of first mention; with `:iterate`, those of the included ones too. Each
/// round keeps only what the request's ``StoreAccess`` reaches, before the next round reads on.
extension FHIRService {
    /// How many rounds `:iterate` follows before it stops (a loop of references ends anyway,
    /// as each resource is included once).
    static let maximumIncludeRounds = 4

    func included(by plan: SearchPlan, from page: [StoredResource], access: StoreAccess) async -> [StoredResource] {
        // Most searches include nothing: then the page's names need not be listed.
        guard !plan.includes.isEmpty || !plan.revincludes.isEmpty else { return [] }
        var seen = Set(page.map { "\($0.type)/\($0.id)" })
        var result: [StoredResource] = []
        var frontier = page
        for round in 0..<Self.maximumIncludeRounds where !frontier.isEmpty {
            var found: [StoredResource] = []
            for include in plan.includes where round == 0 || include.iterate {
                found += await targets(of: include, in: frontier, access: access)
            }
            for include in plan.revincludes where round == 0 || include.iterate {
                found += await referrers(by: include, to: frontier, access: access)
            }
            frontier = found.filter { seen.insert("\($0.type)/\($0.id)").inserted }
            result += frontier
        }
        return result
    }

    /// The resources that `include`'s parameter names in `resources`.
    private func targets(of include: SearchPlan.Include, in resources: [StoredResource], access: StoreAccess) async
        -> [StoredResource]
    {
        var found: [StoredResource] = []
        for stored in resources where stored.type == include.sourceType {
            for value in include.parameter.values(stored.json ?? .null) {
                guard let text = value["reference"]?.stringValue, let target = base.local(text),
                    include.targetType == nil || include.targetType == target.type,
                    case .found(let read) = await access.read(target.type, target.id)
                else { continue }
                found.append(read)
            }
        }
        return found
    }

    /// The resources of `include`'s type whose parameter names one of `resources`.
    private func referrers(by include: SearchPlan.Include, to resources: [StoredResource], access: StoreAccess)
        async -> [StoredResource]
    {
        let named = resources.filter { include.targetType == nil || $0.type == include.targetType }
            .map { "\($0.type)/\($0.id)" }
        guard !named.isEmpty else { return [] }
        let criterion = SearchCriterion(parameter: include.parameter, modifier: nil, values: named, base: base)
        let found = await store.search(include.sourceType, criteria: [criterion]).found
        return await access.narrowed(found, type: include.sourceType, .read)
    }
}
