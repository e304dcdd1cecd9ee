import FHIRModel

/// What one search parameter finds in each current resource of a type, kept up to date as
/// resources change, so a search evaluates no FHIRPath: a token or reference value is looked
/// up by its key, and any other criterion is checked on the values kept here.
///
/// Made the first time a search uses the parameter, then changed with each write of the type.
struct ParameterIndex: Sendable {
    let parameter: SearchParameter
    /// Each resource's values, by id.
    private(set) var values: [String: [JSONValue]] = [:]
    /// For token and reference parameters, the ids of the resources holding each key.
    private var postings: [String: Set<String>] = [:]

    /// Made on every core: the first search of 90,000 Observations evaluates the parameter's
    /// FHIRPath on each of them.
    init(parameter: SearchParameter, resources: [StoredResource]) {
        self.parameter = parameter
        values.reserveCapacity(resources.count)
        let found = Parallel.map(resources) { stored in stored.json.map(parameter.values) ?? [] }
        for (stored, found) in zip(resources, found) where stored.json != nil {
            values[stored.id] = found
            for key in keys(of: found) { postings[key, default: []].insert(stored.id) }
        }
    }

    /// Takes a resource's new version (nil when it was deleted).
    mutating func update(id: String, json: JSONValue?) {
        if let old = values.removeValue(forKey: id) {
            for key in keys(of: old) { postings[key]?.remove(id) }
        }
        guard let json else { return }
        let found = parameter.values(json)
        values[id] = found
        for key in keys(of: found) { postings[key, default: []].insert(id) }
    }

    /// The ids of the resources holding any of `keys`.
    func ids(holding keys: [String]) -> Set<String> {
        guard keys.count > 1 else { return keys.first.flatMap { postings[$0] } ?? [] }
        return keys.reduce(into: Set<String>()) { ids, key in ids.formUnion(postings[key] ?? []) }
    }

    private func keys(of found: [JSONValue]) -> Set<String> {
        switch parameter.kind {
        case .token: Set(found.flatMap(Self.tokenKeys))
        case .reference: Set(found.flatMap(Self.referenceKeys))
        default: []
        }
    }

    /// The key a token query looks up: `code` (any system), `|code` (no system), `system|`
    /// (any code) or `system|code`; nil for a query no key stands for (`|` alone, or nothing).
    static func tokenKey(system: String?, code: String) -> String? {
        switch (system, code.isEmpty) {
        case (nil, false): "\u{0}" + code
        case (nil, true): nil
        case (let system?, true): system.isEmpty ? nil : system + "|"
        case (let system?, false): system + "|" + code
        }
    }

    /// Every key under which a token value is found.
    static func tokenKeys(of value: JSONValue) -> [String] {
        TokenMatch.pairs(in: value).flatMap { pair -> [String] in
            var keys: [String] = []
            if let code = pair.code {
                keys.append("\u{0}" + code)
                keys.append((pair.system ?? "") + "|" + code)
            }
            if let system = pair.system { keys.append(system + "|") }
            return keys
        }
    }

    /// The key a reference query looks up: `Type/id`, or the id alone when any type may match.
    static func referenceKey(type: String?, id: String) -> String {
        type.map { "\($0)/\(id)" } ?? "\u{0}" + id
    }

    /// Every key under which a Reference is found: its type and id, and its id alone.
    static func referenceKeys(of value: JSONValue) -> [String] {
        guard let text = value["reference"]?.stringValue, let target = Reference(reference: text).target else {
            return []
        }
        return ["\(target.type)/\(target.id)", "\u{0}" + target.id]
    }
}
