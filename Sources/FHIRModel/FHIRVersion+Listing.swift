extension FHIRVersion {
    /// The versions as a command line takes them, `dstu2|stu3|r4|r5`, read from the list so
    /// that a new version appears in every help text without touching it.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The versions as a sentence says them: `DSTU2, STU3, R4 or R5` (`lowercased`:
    /// `dstu2, stu3, r4 or r5`).
    public static func listed(_ conjunction: String = "or", lowercased: Bool = false) -> String {
        let names = allCases.map { lowercased ? $0.rawValue : $0.displayName }
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}

extension StatedRelease {
    /// Every release Medbrain knows by name, oldest first: each version Medbrain speaks.
    public static var known: [StatedRelease] { FHIRVersion.allCases.map(StatedRelease.known) }

    /// `DSTU2, STU3, R4, R4B and R5`.
    public static func listed(_ conjunction: String = "and") -> String {
        let names = known.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + (names.last ?? "")
    }
}

extension FHIRVersion {
    /// The release's types: every resource, datatype and backbone element (``FHIRRelease/model``).
    public var typeModel: FHIRTypeModel { release.model }
    /// The release's search parameters, each a FHIRPath expression.
    public var searchParameters: FHIRSearchParameters { release.searchParameters }
    /// Every resource type of the release, sorted by name.
    public var resourceTypes: [String] { release.resourceTypes }
}
