import FHIRModel

extension ResourceStore {
    /// The current resources of a type that meet every criterion, in creation order (or put in
    /// the search's order by `ordering`), and the change count they were found at.
    ///
    /// The criteria a key can be looked up for (tokens, references) narrow the candidates
    /// through their indexes, the smallest first; every criterion is then checked on the
    /// candidates' indexed values. Without such a criterion, every resource is a candidate.
    func search(
        _ type: String, criteria: [SearchCriterion],
        ordering: (@Sendable ([StoredResource]) -> [StoredResource])? = nil
    ) -> (found: [StoredResource], changes: Int) {
        loadPending()
        let indexes = criteria.map { index(type, $0.parameter) }
        let versions = histories[type] ?? [:]
        var found: [StoredResource] = []
        for id in candidates(type, criteria: criteria, indexes: indexes) {
            guard let current = versions[id]?.last, !current.isDeleted else { continue }
            let meets = criteria.indices.allSatisfy { criteria[$0].matches(values: indexes[$0].values[id] ?? []) }
            if meets { found.append(current) }
        }
        return (ordering.map { $0(found) } ?? found, changeCount)
    }

    /// The ids that may match, in creation order.
    private func candidates(_ type: String, criteria: [SearchCriterion], indexes: [ParameterIndex]) -> [String] {
        var narrowed: Set<String>?
        let looked = criteria.indices.compactMap { index in criteria[index].indexKeys.map { (index, $0) } }
        for (index, keys) in looked.sorted(by: { $0.1.count < $1.1.count }) {
            let ids = indexes[index].ids(holding: keys)
            narrowed = narrowed.map { $0.intersection(ids) } ?? ids
            if narrowed?.isEmpty == true { return [] }
        }
        guard let narrowed else { return order[type] ?? [] }
        let places = positions[type] ?? [:]
        return narrowed.sorted { (places[$0] ?? 0) < (places[$1] ?? 0) }
    }

    /// The index of `parameter` on `type`, made now if no search has used it yet.
    private func index(_ type: String, _ parameter: SearchParameter) -> ParameterIndex {
        if let kept = indexes[type]?[parameter.name] { return kept }
        let made = ParameterIndex(parameter: parameter, resources: all(type))
        indexes[type, default: [:]][parameter.name] = made
        return made
    }
}
