/// The FHIR release a server says it speaks, known or not: what `connect` reports, and the
/// version whose shapes Medbrain reads it in.
///
/// Medbrain's models speak DSTU2, STU3, R4, R4B and R5 (``FHIRVersion``; R4B's medication
/// resources keep R4's shapes), and a release Medbrain does not know at all is still
/// a FHIR server for `search`, `read`, `get` and `fhirpath`, read in the closest shape.
public enum FHIRRelease: Sendable, Equatable, Hashable {
    case dstu2
    case stu3
    case r4
    case r4b
    case r5
    /// A release Medbrain does not know, with the number the server stated.
    case unknown(String)

    /// The release whose `fhirVersion` this is: 1.0.x is DSTU2, 3.0.x STU3, 4.0.x R4, 4.3.x R4B,
    /// 5.0.x R5; anything else (an STU3 ballot such as 1.8.0, a later release) is unknown.
    public init(number: String) {
        let parts = number.split(separator: ".").prefix(2).map(String.init)
        switch (parts.first, parts.dropFirst().first) {
        case ("1", "0"): self = .dstu2
        case ("3", "0"): self = .stu3
        case ("4", "0"): self = .r4
        case ("4", "3"): self = .r4b
        case ("5", "0"): self = .r5
        default: self = .unknown(number)
        }
    }

    /// `DSTU2`, `STU3`, `R4`, `R4B`, `R5`, as people write them; an unknown one by its number.
    public var displayName: String {
        switch self {
        case .dstu2: "DSTU2"
        case .stu3: "STU3"
        case .r4: "R4"
        case .r4b: "R4B"
        case .r5: "R5"
        case .unknown(let number): "FHIR \(number)"
        }
    }

    /// The version whose shapes Medbrain reads it in: each known release as itself; an unknown
    /// one as the known release closest below it (a 6.0 ballot as R5, which its shapes follow),
    /// below 3 as DSTU2.
    public var readsAs: FHIRVersion {
        switch self {
        case .dstu2: .dstu2
        case .stu3: .stu3
        case .r4: .r4
        case .r4b: .r4b
        case .r5: .r5
        case .unknown(let number):
            switch Int(number.prefix { $0.isNumber }) ?? 0 {
            case 5...: .r5
            case 4: .r4
            case 3: .stu3
            default: .dstu2
            }
        }
    }

    /// The version the tutorial's steps (orders, instructions, administrations, administer) run
    /// in: every release Medbrain knows; nil for one it does not, whose orders it would read in
    /// the wrong shape.
    public var tutorialVersion: FHIRVersion? {
        switch self {
        case .dstu2: .dstu2
        case .r4: .r4
        case .r4b: .r4b
        case .stu3: .stu3
        case .r5: .r5
        case .unknown: nil
        }
    }

    /// Whether Medbrain knows the release (by name, not only by its closest shape).
    public var isKnown: Bool {
        if case .unknown = self { return false }
        return true
    }
}
