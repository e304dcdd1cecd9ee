extension FHIRSearchParameters {
    /// FHIR DSTU2, STU3, R4, R4B and R5's search parameters, built in; each is read from its
    /// table when first used.
    public static let dstu2 = FHIRSearchParameters(table: BundledFiles.searchDstu2TXT)
    public static let stu3 = FHIRSearchParameters(table: BundledFiles.searchStu3TXT)
    public static let r4 = FHIRSearchParameters(table: BundledFiles.searchR4TXT)
    public static let r4b = FHIRSearchParameters(table: BundledFiles.searchR4bTXT)
    public static let r5 = FHIRSearchParameters(table: BundledFiles.searchR5TXT)

    /// The release's; nil for a release Medbrain does not know.
    public static func of(_ release: FHIRRelease) -> FHIRSearchParameters? {
        release.version.map { of($0) }
    }

    /// The parameters of the release a version's server speaks.
    public static func of(_ version: FHIRVersion) -> FHIRSearchParameters {
        switch version {
        case .dstu2: .dstu2
        case .stu3: .stu3
        case .r4: .r4
        case .r4b: .r4b
        case .r5: .r5
        }
    }
}
