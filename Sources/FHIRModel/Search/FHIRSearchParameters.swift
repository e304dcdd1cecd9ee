/// The search parameters of one FHIR release, by the resource type that defines them, read from
/// a Bundled/ table (`search-r4.txt` and one per release, written by `scripts/fhir-definitions`
/// from the specification's `search-parameters.json`; DSTU2's derived from STU3's).
///
/// `Resource` and `DomainResource` hold the ones every resource has (`_id`, `_lastUpdated`);
/// ``parameters(of:model:)`` adds them to a type's own, as the type model's bases say.
public struct FHIRSearchParameters: Sendable {
    public let byType: [String: [SearchParameterDefinition]]

    public init(byType: [String: [SearchParameterDefinition]]) {
        self.byType = byType
    }

    /// Reads the table: a type's name on a line of its own, then its parameters, each on a
    /// line that starts with two spaces; `#` starts a comment line.
    public init(table: String) {
        var byType: [String: [SearchParameterDefinition]] = [:]
        var current: String?
        for line in table.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            if line.hasPrefix(" ") {
                guard let current, let parameter = SearchParameterDefinition(line: line) else { continue }
                byType[current, default: []].append(parameter)
            } else {
                current = String(line)
            }
        }
        self.byType = byType
    }

    /// Every parameter a resource of `type` can be searched with: its own, then those of its
    /// bases (`DomainResource`, `Resource`); a name the type defines itself hides a base's.
    public func parameters(of type: String, model: FHIRTypeModel) -> [SearchParameterDefinition] {
        var result: [SearchParameterDefinition] = []
        var seen: Set<String> = []
        var next: String? = type
        var steps = 0
        while let current = next, steps < 32 {
            for parameter in byType[current] ?? [] where seen.insert(parameter.code).inserted {
                result.append(parameter)
            }
            next = model.types[current]?.base
            steps += 1
        }
        return result
    }

    /// How many parameters the release defines for `type` itself (not its bases), as its
    /// CapabilityStatement would list them.
    public func listedCount(of type: String) -> Int {
        byType[type, default: []].count { $0.isListed }
    }
}
