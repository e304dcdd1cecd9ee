import FHIRModel
import FHIRServer
import Testing

/// The server searches with the specification's parameters, each its FHIRPath expression.
@Suite("search by the specification's parameters")
struct SpecificationSearchTests {
    /// Each row: a release, a search, and how many the built-in data answers with.
    static let searches: [(FHIRVersion, String, Int)] = [
        // DSTU2's names, on DSTU2's elements.
        (.dstu2, "MedicationOrder?datewritten=lt2000", 0),
        (.dstu2, "MedicationOrder?patient=f001&status=active", 2),
        // `.where(resolve() is Patient)`: the reference's type decides, without reading the store.
        (.r4, "MedicationAdministration?patient=Patient/f001&_count=500", 62),
        (.r4, "MedicationAdministration?patient=Group/f001", 0),
        (.r4, "MedicationAdministration?subject:Patient=f001&_count=500", 62),
        // A choice (`effective[x]`) found through the release's types.
        (.r4, "MedicationAdministration?effective-time=ge2016-08-01&patient=f001", 25),
        // What every resource has, from Resource: `_lastUpdated` (the fixed clock's day), `_profile`.
        (.r4, "Patient?_lastUpdated=2016-08-16", 3),
        (.r4, "Patient?_lastUpdated=lt2016-08-16", 0),
        (.r5, "Patient?_profile=http://example.org/none", 0),
        // A parameter whose kind is not matched yet is unknown, so it is ignored (lenient).
        (.r4, "Observation?value-quantity=5&_summary=count", -1),
    ]

    @Test(arguments: searches)
    func answers(version: FHIRVersion, query: String, count: Int) async throws {
        try await withServer(version) { client in
            let found = try await client.search(query)
            if count >= 0 { #expect(found.count == count, "\(query)") }
        }
    }

    /// A choice read through `as` (`Patient.deceased.as(dateTime)` in STU3, `as dateTime` in R4,
    /// `ofType(dateTime)` in R5), by each release's own name of the parameter.
    @Test(arguments: FHIRVersion.allCases)
    func aDeathDateIsFoundInEveryRelease(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let created = try await client.send(
                "POST", "Patient", body: #"{"resourceType":"Patient","deceasedDateTime":"2015-03-01"}"#)
            #expect(created.status == 201)
            let name = version == .dstu2 ? "deathdate" : "death-date"
            #expect(try await client.search("Patient?\(name)=2015").count == 1)
            #expect(try await client.search("Patient?\(name)=2014").isEmpty)
        }
    }

    /// Special parameters (Location's `near`) are not matched: refused, not left out, so the
    /// answer is never a wider search than the one asked.
    @Test func aKindNotMatchedIsRefused() async throws {
        try await withServer(.r4) { client in
            let response = try await client.get("Location?near=42.25|-83.69|10|km")
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self).contains("near"))
        }
    }

    /// The CapabilityStatement lists what the server matches, each with its expression, and not
    /// the names kept for other releases' apps.
    @Test(arguments: FHIRVersion.allCases)
    func metadataListsTheMatchedParameters(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let statement = try #require(try await client.get("metadata").json)
            let resources = statement["rest"]?.arrayValue?.first?["resource"]?.arrayValue ?? []
            let doses = try #require(resources.first { $0["type"] == "MedicationAdministration" })
            let listed = doses["searchParam"]?.arrayValue ?? []
            let names = listed.compactMap { $0["name"]?.stringValue }
            #expect(names.contains("patient") && names.contains("_id") && names.contains("_lastUpdated"))
            #expect(!names.contains("notgiven") || version == .dstu2)
            #expect(listed.allSatisfy { $0["documentation"]?.stringValue?.isEmpty == false })
            #expect(Set(names).count == names.count)
        }
    }
}
