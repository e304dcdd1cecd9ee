import FHIRModel
import Testing

/// Every release a server may state: its name, the shape Medbrain reads it in, and whether the
/// tutorial's steps run on it.
@Suite("Stated releases")
struct StatedReleaseTests {
    @Test(arguments: [
        ("1.0.2", StatedRelease.known(.dstu2), "DSTU2", FHIRVersion.dstu2, FHIRVersion?.some(.dstu2)),
        ("1.0.1", .known(.dstu2), "DSTU2", .dstu2, .dstu2),
        ("3.0.2", .known(.stu3), "STU3", .stu3, .stu3),
        ("3.0.1", .known(.stu3), "STU3", .stu3, .stu3),
        ("4.0.1", .known(.r4), "R4", .r4, .r4),
        ("4.0.0", .known(.r4), "R4", .r4, .r4),
        ("4.3.0", .known(.r4b), "R4B", .r4b, .r4b),
        ("5.0.0", .known(.r5), "R5", .r5, .r5),
        ("5.0.0-snapshot3", .known(.r5), "R5", .r5, .r5),
        ("6.0.0-ballot3", .unknown("6.0.0-ballot3"), "FHIR 6.0.0-ballot3", .r5, nil),
        ("4.2.0", .unknown("4.2.0"), "FHIR 4.2.0", .r4, nil),
        ("3.3.0", .unknown("3.3.0"), "FHIR 3.3.0", .stu3, nil),
        ("1.8.0", .unknown("1.8.0"), "FHIR 1.8.0", .dstu2, nil),
        ("0.5.0", .unknown("0.5.0"), "FHIR 0.5.0", .dstu2, nil),
        ("", .unknown(""), "FHIR ", .dstu2, nil),
    ])
    func release(number: String, release: StatedRelease, name: String, readsAs: FHIRVersion, tutorial: FHIRVersion?) {
        let found = StatedRelease(number: number)
        #expect(found == release)
        #expect(found.displayName == name)
        #expect(found.readsAs == readsAs)
        #expect(found.tutorialVersion == tutorial)
        #expect(found.isKnown == (name.hasPrefix("FHIR") ? false : true))
    }

    @Test(arguments: FHIRVersion.allCases)
    func aVersionsOwnRelease(version: FHIRVersion) {
        let release = StatedRelease(number: version.number)
        #expect(release.readsAs == version)
        #expect(release.tutorialVersion == version)
    }
}
