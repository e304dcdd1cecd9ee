/// Which codes a release's elements take: each binding of its StructureDefinitions (the
/// element, how strictly, to which ValueSet) and the codes of the ValueSets its required and
/// extensible bindings name, read from `Bundled/bindings-<release>.txt` and
/// `valuesets-<release>.txt` (written by `scripts/fhir-definitions`).
public struct FHIRBindings: Sendable {
    public enum Strength: String, Sendable {
        case required, extensible, preferred
    }

    public struct Binding: Sendable {
        /// The element it is declared on, as the invariants name it (`Observation.value[x]`).
        public let context: String
        public let strength: Strength
        /// The ValueSet's canonical URL, with its version where the release names one.
        public let valueSet: String
    }

    /// A ValueSet's codes, or why they cannot be known offline.
    public enum Codes: Sendable {
        case codes(Set<SystemCode>)
        case notCheckable(String)
    }

    public struct SystemCode: Sendable, Hashable {
        public let system: String
        public let code: String
        public init(system: String, code: String) { (self.system, self.code) = (system, code) }
    }

    public let all: [Binding]
    private let valueSets: [String: Codes]
    /// Each versioned ValueSet URL by its URL without the version.
    private let unversioned: [String: String]

    /// Reads the two tables; a release without them has no bindings.
    public init(bindings: String?, valueSets: String?) {
        all = (bindings ?? "").split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 3, let strength = Strength(rawValue: parts[1]) else { return nil }
            return Binding(context: parts[0], strength: strength, valueSet: parts[2])
        }
        var sets: [String: Codes] = [:]
        var current: (url: String, codes: Set<SystemCode>)?
        for line in (valueSets ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if parts.first == "", parts.count == 3 {
                current?.codes.insert(SystemCode(system: parts[1], code: parts[2]))
                continue
            }
            if let done = current { sets[done.url] = .codes(done.codes) }
            current = nil
            if parts.count == 2 {
                sets[parts[0]] = .notCheckable(parts[1])
            } else {
                current = (parts[0], [])
            }
        }
        if let done = current { sets[done.url] = .codes(done.codes) }
        self.valueSets = sets
        var unversioned: [String: String] = [:]
        for url in sets.keys where url.contains("|") {
            unversioned[String(url.split(separator: "|", maxSplits: 1)[0])] = url
        }
        self.unversioned = unversioned
    }

    /// The codes of a ValueSet a binding names; nil for one the tables do not hold. A URL
    /// without a version finds the release's own version of it (profiles name
    /// `…/ValueSet/medicationrequest-status`, the release `…|4.0.1`).
    public func codes(of valueSet: String) -> Codes? {
        valueSets[valueSet] ?? (valueSet.contains("|") ? nil : unversioned[valueSet].flatMap { valueSets[$0] })
    }
}
