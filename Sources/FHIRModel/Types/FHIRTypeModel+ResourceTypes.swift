/// The resource types a release defines that a server can hold: every type that derives from
/// Resource, from the release's type table, but the abstract ones: a base of other types
/// (Resource, DomainResource), and the interfaces STU3 and R5 declare as resources that
/// concrete ones do not derive from in the tables (MetadataResource, CanonicalResource), whose
/// names all end in "Resource", as no concrete type's does.
extension FHIRTypeModel {
    /// Read from the table's `Name : Base` lines alone, without its elements: a server lists
    /// its types at its first metadata, before its first prompt, and reading every element
    /// would cost the start.
    public static func resourceTypes(inTable table: String) -> [String] {
        var bases: [String: String] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            bases[parts[0]] = parts.count > 1 && !parts[1].isEmpty ? parts[1] : ""
        }
        let abstract = Set(bases.values)
        return bases.keys.filter { name in
            guard !abstract.contains(name), !name.hasSuffix("Resource") else { return false }
            var next = name
            for _ in 0..<32 {
                guard let base = bases[next], !base.isEmpty else { return false }
                if base == "Resource" { return true }
                next = base
            }
            return false
        }.sorted()
    }
}

extension FHIRVersion {
    /// Every resource type of the release, sorted by name.
    public var resourceTypes: [String] {
        switch self {
        case .dstu2: ReleaseResourceTypes.dstu2
        case .stu3: ReleaseResourceTypes.stu3
        case .r4: ReleaseResourceTypes.r4
        case .r4b: ReleaseResourceTypes.r4b
        case .r5: ReleaseResourceTypes.r5
        }
    }
}

/// Each release's list, read once when first asked for.
private enum ReleaseResourceTypes {
    static let dstu2 = FHIRTypeModel.resourceTypes(inTable: BundledFiles.typesDstu2TXT)
    static let stu3 = FHIRTypeModel.resourceTypes(inTable: BundledFiles.typesStu3TXT)
    static let r4 = FHIRTypeModel.resourceTypes(inTable: BundledFiles.typesR4TXT)
    static let r4b = FHIRTypeModel.resourceTypes(inTable: BundledFiles.typesR4bTXT)
    static let r5 = FHIRTypeModel.resourceTypes(inTable: BundledFiles.typesR5TXT)
}
