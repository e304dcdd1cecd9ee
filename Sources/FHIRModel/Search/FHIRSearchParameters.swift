/// The search parameters of one FHIR release, by the resource type that defines them, read from
/// a Bundled/ table (`search-r4.txt` and one per release, written by `scripts/fhir-definitions`
/// from the specification's `search-parameters.json`; DSTU2's derived from STU3's).
///
/// `Resource` and `DomainResource` hold the ones every resource has (`_id`, `_lastUpdated`);
/// ``parameters(of:)`` adds them to a type's own, as the table's `Name : Base` lines say.
public struct FHIRSearchParameters: Sendable {
    public let byType: [String: [SearchParameterDefinition]]
    /// Each type's nearest base with parameters of its own (`DomainResource`, `Resource`).
    public let bases: [String: String]

    public init(byType: [String: [SearchParameterDefinition]], bases: [String: String] = [:]) {
        self.byType = byType
        self.bases = bases
    }

    /// Reads the table: a `Name : Base` line per type, then its parameters, each on a line that
    /// starts with two spaces; `#` starts a comment line.
    public init(table: String) {
        var byType: [String: [SearchParameterDefinition]] = [:]
        var bases: [String: String] = [:]
        var current: String?
        for line in table.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            if line.hasPrefix(" ") {
                guard let current, let parameter = SearchParameterDefinition(line: line) else { continue }
                byType[current, default: []].append(parameter)
            } else {
                // `Name : Base`, read without Foundation's trimming, which costs a first prompt
                // milliseconds of runtime type lookups when the built-in server lists its metadata.
                let name = String(line.prefix { $0 != " " && $0 != ":" })
                let base = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
                current = name
                if !base.isEmpty { bases[name] = String(base) }
            }
        }
        (self.byType, self.bases) = (byType, bases)
    }

    /// Every parameter a resource of `type` can be searched with: its own, then those of its
    /// bases (`DomainResource`, `Resource`); a name the type defines itself hides a base's.
    /// The table says the bases, so no type model is read (the built-in server's metadata asks
    /// this before the first prompt).
    public func parameters(of type: String) -> [SearchParameterDefinition] {
        var result: [SearchParameterDefinition] = []
        var seen: Set<String> = []
        var next: String? = type
        var steps = 0
        while let current = next, steps < 32 {
            for parameter in byType[current] ?? [] where seen.insert(parameter.code).inserted {
                result.append(parameter)
            }
            next = bases[current]
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
