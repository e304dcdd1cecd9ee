/// The specification's own SearchParameters of a release by canonical URL
/// (`http://hl7.org/fhir/SearchParameter/AllergyIntolerance-clinical-status`), each with its
/// type and bases, read from `Bundled/search-urls-<release>.txt` (written by
/// `scripts/fhir-definitions` from the release's `search-parameters.json`). A SearchParameter
/// that derives from one, and a CapabilityStatement that names one, are read against it.
public struct SearchParameterURLs: Sendable {
    public struct Entry: Sendable, Equatable {
        /// `token`, `date`, `reference`, …
        public let type: String
        /// The resource types it searches.
        public let bases: [String]
    }

    private let entries: [String: Entry]

    /// Reads a table; a release with none (DSTU2, whose parameters Medbrain derives) has none.
    public init(table: String?) {
        var entries: [String: Entry] = [:]
        for line in (table ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            entries[String(parts[0])] = Entry(
                type: String(parts[1]), bases: parts[2].split(separator: "|").map(String.init))
        }
        self.entries = entries
    }

    /// The parameter at `url`, with or without `|version`.
    public subscript(url: String) -> Entry? {
        entries[url] ?? entries[String(url.split(separator: "|", maxSplits: 1).first ?? "")]
    }

    public var count: Int { entries.count }
}
