import FHIRModel
import FHIRValidation
import Testing

@testable import MedbrainDataset

/// A seed gives a student their own doses: other doses missed, other times, fewer doses; the
/// same story (every resource valid in every release, the named doses as the lessons tell
/// them, more doses than a page holds), and the same data for the same seed on any machine.
@Suite("the seeded dataset")
struct DatasetVariationTests {
    static func doses(_ resources: [JSONValue]) -> [String: JSONValue] {
        Dictionary(
            uniqueKeysWithValues: resources.filter { $0["resourceType"] == "MedicationAdministration" }.map {
                ($0["id"]?.stringValue ?? "", $0)
            })
    }

    static func seeded(_ word: String, _ version: FHIRVersion = .r4) throws -> [JSONValue] {
        try BuiltinDataset.resources(for: version, seed: DatasetSeed(word))
    }

    @Test func theDefaultSeedIsTheDatasetAsWritten() throws {
        let written = try BuiltinDataset.resources(for: .r4)
        #expect(try Self.seeded("default") == written)
        #expect(try Self.seeded("DEFAULT") == written)
    }

    @Test func theSameSeedGivesTheSameDataAndAnotherSeedOtherData() throws {
        #expect(try Self.seeded("anna") == Self.seeded("anna"))
        #expect(try Self.seeded("anna") != Self.seeded("ben"))
        // FNV-1a over the word, not Swift's per-process Hasher: a fixed value for a fixed word.
        #expect(DatasetSeed("1")?.state == 0xaf63_ac4c_8601_9afc)
    }

    @Test(arguments: ["1", "2", "3", "anna", "ben"])
    func aSeedChangesWhichWereMissedTheirTimesAndTheirNumber(word: String) throws {
        let written = Self.doses(try BuiltinDataset.resources(for: .r4))
        let seeded = Self.doses(try Self.seeded(word))
        let kept = written.keys.filter { seeded[$0] != nil }
        #expect(kept.contains { written[$0]?["status"] != seeded[$0]?["status"] })
        #expect(kept.contains { written[$0]?["effectiveDateTime"] != seeded[$0]?["effectiveDateTime"] })
        #expect(seeded.count < written.count && seeded.count >= written.count - DatasetVariation.mostDropped)
        #expect(Set(seeded.keys).isSubset(of: Set(written.keys)))
    }

    @Test(arguments: ["1", "2", "3", "anna", "ben"])
    func theStoryStays(word: String) throws {
        let written = Self.doses(try BuiltinDataset.resources(for: .r4))
        let seeded = Self.doses(try Self.seeded(word))
        for id in DatasetVariation.named { #expect(seeded[id] == written[id], "\(id)") }
        let ofF001 = seeded.values.filter { $0["subject"]?["reference"] == "Patient/f001" }
        #expect(ofF001.count > 50)
        let perOrder = { (doses: [String: JSONValue]) in
            Dictionary(grouping: doses.values) { $0["request"]?["reference"]?.stringValue ?? "" }.mapValues(\.count)
        }
        for (order, count) in perOrder(written) {
            #expect(perOrder(seeded)[order, default: 0] >= min(count, DatasetVariation.fewestPerOrder), "\(order)")
        }
        for (id, dose) in seeded {
            // A dose not taken says why; a dose taken does not.
            #expect((dose["status"] == "not-done") == (dose["statusReason"] != nil), "\(id)")
            // Moved within its day and its own offset: no group of the chart is crossed by chance.
            let time = { (dose: JSONValue?) in
                dose?["effectiveDateTime"]?.stringValue ?? dose?["effectivePeriod"]?["start"]?.stringValue ?? ""
            }
            #expect(time(dose).prefix(10) == time(written[id]).prefix(10), "\(id)")
            #expect(time(dose).suffix(6) == time(written[id]).suffix(6), "\(id)")
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func everySeededResourceIsValidInEveryRelease(version: FHIRVersion) throws {
        let resources = try Self.seeded("2", version)
        let validator = ResourceValidator(version: version)
        let key = { (resource: JSONValue) in
            "\(resource["resourceType"]?.stringValue ?? "")/\(resource["id"]?.stringValue ?? "")"
        }
        let ids = Set(resources.map(key))
        for resource in resources {
            let type = resource["resourceType"]?.stringValue ?? ""
            #expect(
                validator.issues(in: resource, type: type) { ids.contains("\($0)/\($1)") } == [], "\(key(resource))")
        }
    }

    @Test(arguments: [
        ("2016-08-15T20:00:00+02:00", 10, "2016-08-15T20:10:00+02:00"),
        ("2016-08-15T08:00:00+02:00", -10, "2016-08-15T07:50:00+02:00"),
        ("2016-08-15T23:55:00+02:00", 10, nil),
        ("2016-08-15T00:05:00+02:00", -10, nil),
        ("2016-08-15", 5, nil),
    ])
    func aTimeMovesWithinItsDay(text: String, minutes: Int, moved: String?) {
        #expect(DatasetVariation.moved(text, by: minutes) == moved)
    }

    @Test(arguments: [
        ("", DatasetSeed.Problem.empty), (" ", .empty), ("a\tb", .control), ("a\nb", .control),
        (String(repeating: "x", count: 201), .tooLong),
    ])
    func aSeedIsRefusedWithItsReason(text: String, problem: DatasetSeed.Problem) {
        #expect(DatasetSeed(text) == nil)
        #expect(DatasetSeed.parse(text) == .failure(problem))
    }

    /// Any text is a seed, hashed whole: two full names sharing a first word are two datasets,
    /// and a name is the same in composed and decomposed Unicode (as a Mac may type it).
    @Test func aSeedIsTheWholeText() throws {
        let (smith, jones) = (try #require(DatasetSeed("alice smith")), try #require(DatasetSeed("alice jones")))
        #expect(smith.state != jones.state && smith.state != DatasetSeed("alice")?.state)
        #expect(DatasetSeed("  alice smith ")?.state == smith.state)
        #expect(DatasetSeed("Ren\u{E9}")?.state == DatasetSeed("Rene\u{301}")?.state)
        let resources = { (seed: DatasetSeed) in
            try BuiltinDataset.resources(for: .r4, seed: seed).map { $0.compactText }
        }
        #expect(try resources(smith) != resources(jones))
    }
}
