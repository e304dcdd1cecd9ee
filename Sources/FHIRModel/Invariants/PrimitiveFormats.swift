/// The format each primitive type's value takes, as a regular expression the whole value must
/// match (`id`: `[A-Za-z0-9\-\.]{1,64}`), read from `Bundled/formats-<release>.txt` (written by
/// `scripts/fhir-definitions` from the primitives' StructureDefinitions).
public struct PrimitiveFormats: Sendable {
    /// The regular expression of each primitive type that has one, by type name.
    public let patterns: [String: String]

    /// Reads a table; a release with no table (STU3, DSTU2) has no formats.
    public init(table: String?) {
        var patterns: [String: String] = [:]
        for line in (table ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if parts.count == 2 { patterns[parts[0]] = parts[1] }
        }
        self.patterns = patterns
    }
}
