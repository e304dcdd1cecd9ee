/// The FHIR release a server says it speaks, known or not: what `connect` reports, and the
/// version whose shapes Medbrain reads it in.
///
/// A release Medbrain knows is its ``FHIRVersion``, whose ``FHIRVersion/release`` holds what the
/// specification says of it (types, search parameters, compartment); a release Medbrain does
/// not know at all is still a FHIR server for `search`, `read`, `get` and `fhirpath`, read in
/// the closest shape.
public enum StatedRelease: Sendable, Equatable, Hashable {
    case known(FHIRVersion)
    /// A release Medbrain does not know, with the number the server stated.
    case unknown(String)

    /// The release whose `fhirVersion` this is: the known release with the same major and minor
    /// number (1.0.x is DSTU2, 4.3.x R4B); anything else (an STU3 ballot such as 1.8.0, a later
    /// release) is unknown.
    public init(number: String) {
        let stated = Self.majorMinor(number)
        self =
            FHIRVersion.allCases.first { Self.majorMinor($0.number) == stated }.map { .known($0) } ?? .unknown(number)
    }

    /// The known version, nil for an unknown release.
    public var version: FHIRVersion? {
        if case .known(let version) = self { return version }
        return nil
    }

    /// `DSTU2`, `STU3`, `R4`, `R4B`, `R5`, as people write them; an unknown one by its number.
    public var displayName: String {
        switch self {
        case .known(let version): version.displayName
        case .unknown(let number): "FHIR \(number)"
        }
    }

    /// The version whose shapes Medbrain reads it in: a known release as itself; an unknown one
    /// as the known release closest below it (4.2 as R4, a 6.0 ballot as R5, whose shapes it
    /// follows), below every known one as DSTU2.
    public var readsAs: FHIRVersion {
        switch self {
        case .known(let version): version
        case .unknown(let number):
            FHIRVersion.allCases.last { Self.majorMinor($0.number).lexicographicallyPrecedes(Self.majorMinor(number)) }
                ?? .dstu2
        }
    }

    /// The version the tutorial's steps (orders, instructions, administrations, administer) run
    /// in: every release Medbrain knows; nil for one it does not, whose orders it would read in
    /// the wrong shape.
    public var tutorialVersion: FHIRVersion? { version }

    /// Whether Medbrain knows the release (by name, not only by its closest shape).
    public var isKnown: Bool { version != nil }

    /// `[4, 3]` for `4.3.0` (and for `4.3.0-snapshot1`); a part that is not a number counts as 0.
    private static func majorMinor(_ number: String) -> [Int] {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false).prefix(2)
        return parts.map { Int($0.prefix { $0.isNumber }) ?? 0 } + Array(repeating: 0, count: 2 - parts.count)
    }
}
