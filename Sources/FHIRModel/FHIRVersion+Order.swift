/// Releases in the order they were published, so a rule can say "from R4 on" and take in
/// R4B, R5 and any release added after them without a list to extend.
extension FHIRVersion: Comparable {
    public static func < (left: FHIRVersion, right: FHIRVersion) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

extension FHIRVersion {
    /// The newest release Medbrain speaks.
    public static var latest: FHIRVersion { allCases.last! }
}
