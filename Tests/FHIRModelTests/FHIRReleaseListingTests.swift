import Testing

@testable import FHIRModel

/// Help texts read the releases from one list, and the list holds every release Medbrain knows.
@Suite("the releases, listed once")
struct FHIRReleaseListingTests {
    /// Exhaustive, so a new release stops the build here until its place is said.
    static func place(_ version: FHIRVersion) -> Int {
        switch version {
        case .dstu2: 0
        case .stu3: 1
        case .r4: 2
        case .r4b: 3
        case .r5: 4
        }
    }

    @Test func everyKnownReleaseIsListedInOrder() {
        #expect(StatedRelease.known.map { $0.version.map(Self.place) } == Array(0..<StatedRelease.known.count))
        #expect(StatedRelease.known.allSatisfy { $0.isKnown && $0.version?.typeModel != nil })
        #expect(FHIRVersion.allCases.allSatisfy { StatedRelease.known.contains(StatedRelease(number: $0.number)) })
    }

    @Test func helpTextsSayTheList() {
        #expect(FHIRVersion.choices == "dstu2|stu3|r4|r4b|r5")
        #expect(FHIRVersion.listed() == "DSTU2, STU3, R4, R4B or R5")
        #expect(FHIRVersion.listed(lowercased: true) == "dstu2, stu3, r4, r4b or r5")
        #expect(StatedRelease.listed() == "DSTU2, STU3, R4, R4B and R5")
    }
}
