/// What the specification says of one release, read from the tables `scripts/fhir-definitions`
/// wrote from its definitions (`Bundled/types-r4.txt`, `search-r4.txt`, `compartment-r4.txt`,
/// `search-urls-r4.txt`, `invariants-r4.txt`, `formats-r4.txt`, `bindings-r4.txt`, `valuesets-r4.txt`, one of each
/// per release): the types and their elements, the search parameters, the Patient compartment,
/// the resource types, the invariants, the primitives' formats, the bindings.
///
/// One value per release, reached as `version.release`; each table is read once, when first
/// needed. A release is added by adding its tables and its case of ``FHIRVersion``: nothing
/// here names one.
public struct FHIRRelease: Sendable {
    public let version: FHIRVersion

    /// Every type of the release, with its elements, cardinality and choices.
    public var model: FHIRTypeModel { Self.models[version] }

    /// The release's search parameters, by type.
    public var searchParameters: FHIRSearchParameters { Self.searchTables[version] }

    /// The specification's SearchParameters by canonical URL; none for a release with no table.
    public var searchParameterURLs: SearchParameterURLs { Self.searchURLTables[version] }

    /// Which types hold a patient's data, and through which parameters.
    public var compartment: PatientCompartment { Self.compartments[version] }

    /// Every resource type of the release, sorted by name.
    public var resourceTypes: [String] { Self.typeLists[version] }

    /// The invariants its StructureDefinitions state; none for a release with no table.
    public var invariants: FHIRInvariants { Self.invariantTables[version] }

    /// The format of each primitive type's value; none for a release with no table.
    public var primitiveFormats: PrimitiveFormats { Self.formatTables[version] }

    /// The bindings of its elements to ValueSets, and those ValueSets' codes; none for a
    /// release with no tables.
    public var bindings: FHIRBindings { Self.bindingTables[version] }

    private static let models = PerRelease { FHIRTypeModel(table: table("types", $0)) }
    private static let searchTables = PerRelease { FHIRSearchParameters(table: table("search", $0)) }
    private static let searchURLTables = PerRelease {
        SearchParameterURLs(table: BundledFiles.text("search-urls-\($0.rawValue).txt"))
    }
    private static let compartments = PerRelease { PatientCompartment(table: table("compartment", $0)) }
    private static let typeLists = PerRelease { searchTables[$0].resourceTypes }
    private static let invariantTables = PerRelease {
        FHIRInvariants(table: BundledFiles.text("invariants-\($0.rawValue).txt"))
    }
    private static let bindingTables = PerRelease {
        FHIRBindings(
            bindings: BundledFiles.text("bindings-\($0.rawValue).txt"),
            valueSets: BundledFiles.text("valuesets-\($0.rawValue).txt"))
    }
    private static let formatTables = PerRelease {
        PrimitiveFormats(table: BundledFiles.text("formats-\($0.rawValue).txt"))
    }

    /// The text of the release's table of a kind: `types-r4b.txt`.
    private static func table(_ kind: String, _ version: FHIRVersion) -> String {
        guard let text = BundledFiles.text("\(kind)-\(version.rawValue).txt") else {
            // The tables are compiled in; a missing one is a build that left a file out.
            preconditionFailure("Bundled/\(kind)-\(version.rawValue).txt is not in this build")
        }
        return text
    }
}

extension FHIRVersion {
    /// What the specification says of this release.
    public var release: FHIRRelease { FHIRRelease(version: self) }
}
