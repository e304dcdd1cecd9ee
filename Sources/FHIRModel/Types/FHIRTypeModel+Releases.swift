extension FHIRTypeModel {
    /// FHIR DSTU2 (1.0.2), STU3 (3.0.2), R4 (4.0.1), R4B (4.3.0) and R5 (5.0.0), built in;
    /// each is read from its table when first used.
    public static let dstu2 = FHIRTypeModel(table: BundledFiles.typesDstu2TXT)
    public static let stu3 = FHIRTypeModel(table: BundledFiles.typesStu3TXT)
    public static let r4 = FHIRTypeModel(table: BundledFiles.typesR4TXT)
    public static let r4b = FHIRTypeModel(table: BundledFiles.typesR4bTXT)
    public static let r5 = FHIRTypeModel(table: BundledFiles.typesR5TXT)

    /// The release's; nil for a release Medbrain does not know.
    public static func of(_ release: FHIRRelease) -> FHIRTypeModel? {
        release.version.map { of($0) }
    }
}

extension FHIRTypeModel {
    /// The model of the release a version's JSON is written in.
    public static func of(_ version: FHIRVersion) -> FHIRTypeModel {
        switch version {
        case .dstu2: .dstu2
        case .stu3: .stu3
        case .r4: .r4
        case .r4b: .r4b
        case .r5: .r5
        }
    }
}
