import FHIRModel

/// Chained searches (`patient.name=peter`) and reverse chains (`_has:Observation:patient:code=x`),
/// each answered by a search of the other type whose matches become a criterion of this one. The
/// inner search goes through the request's ``StoreAccess`` too: a criterion is never met by a
/// resource the token cannot see.
extension FHIRService {
    /// How deep chains may go; deeper ones are refused rather than searched without end.
    static let maximumChainDepth = 4

    func chained(_ chains: [SearchPlan.Chain], type: String, depth: Int, access: StoreAccess)
        async throws(SearchProblem)
        -> [SearchCriterion]
    {
        guard !chains.isEmpty else { return [] }
        guard depth < Self.maximumChainDepth else {
            throw SearchProblem(
                code: "not-supported", message: "chains deeper than \(Self.maximumChainDepth) are not searched")
        }
        var criteria: [SearchCriterion] = []
        for chain in chains {
            criteria.append(
                try await chain.reverse
                    ? reverse(chain, type: type, depth: depth, access: access) : forward(chain, depth, access: access))
        }
        return criteria
    }

    /// The references of the chain's parameter that name a match of the inner search.
    private func forward(_ chain: SearchPlan.Chain, _ depth: Int, access: StoreAccess) async throws(SearchProblem)
        -> SearchCriterion
    {
        var named: [String] = []
        for type in chain.types {
            let inner = try searchPlan([chain.inner], type: type, lenient: false)
            named += try await matches(type, plan: inner, depth: depth + 1, access: access).found.map {
                "\(type)/\($0.id)"
            }
        }
        return SearchCriterion(parameter: chain.parameter, modifier: nil, values: named, base: base)
    }

    /// The ids of `type` that the inner search's matches name in the chain's parameter.
    private func reverse(_ chain: SearchPlan.Chain, type: String, depth: Int, access: StoreAccess)
        async throws(SearchProblem)
        -> SearchCriterion
    {
        guard let id = searchParameters.parameters(of: type).first(where: { $0.name == "_id" }) else {
            throw SearchProblem(code: "not-supported", message: "\(type) cannot be searched by _id")
        }
        let inner = try searchPlan([chain.inner], type: chain.types[0], lenient: false)
        var ids: [String] = []
        var seen = Set<String>()
        for stored in try await matches(chain.types[0], plan: inner, depth: depth + 1, access: access).found {
            for value in chain.parameter.values(stored.json ?? .null) {
                guard let text = value["reference"]?.stringValue, let target = base.local(text),
                    target.type == type, seen.insert(target.id).inserted
                else { continue }
                ids.append(target.id)
            }
        }
        return SearchCriterion(parameter: id, modifier: nil, values: ids, base: base)
    }
}
