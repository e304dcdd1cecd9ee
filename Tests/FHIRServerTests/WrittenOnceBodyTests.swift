import FHIRModel
import FHIRServer
import Testing

/// Searches and reads send resources from the bytes written when they were stored; these
/// answers must be exactly what writing the whole Bundle (or resource) afresh gives.
@Suite("bodies written once")
struct WrittenOnceBodyTests {
    static let requests: [(FHIRVersion, String)] = [
        (.dstu2, "MedicationOrder?patient=f001"),
        (.dstu2, "MedicationOrder?patient=f001&_include=MedicationOrder:medication&_count=2&_offset=1"),
        (.dstu2, "MedicationAdministration?patient=f001&_count=5"),
        (.dstu2, "Patient?family=nobody"),
        (.dstu2, "Patient/f001"),
        (.r4, "MedicationRequest?patient=f001&_include=MedicationRequest:medication"),
        (.r4, "Patient?_summary=count"),
        (.r4, "Medication"),
        (.r4, "MedicationRequest/ord-11"),
    ]

    @Test(arguments: requests)
    func compactAnswerIsTheBundleWrittenAfresh(version: FHIRVersion, path: String) async throws {
        try await withServer(version) { client in
            let compact = try await client.get(path)
            let separator = path.contains("?") ? "&" : "?"
            let pretty = try await client.get(path + separator + "_pretty=true")
            #expect(compact.status == 200)
            let parsed = try #require(compact.json)
            // Written again by the one JSON writer, the answer comes out byte for byte the same.
            #expect(parsed.compactBytes == Array(compact.body))
            #expect(pretty.json == parsed)
            #expect(Array(pretty.body) != Array(compact.body))
        }
    }

    @Test func aResourceWithCharactersToEscapeIsSentEscaped() async throws {
        try await withServer(.r4) { client in
            let name = #"{"resourceType":"Patient","name":[{"family":"Quote\"Back\\slash\nTab\t\u0001é"}]}"#
            let created = try await client.send("POST", "Patient", body: name)
            #expect(created.status == 201)
            let found = try await client.get("Patient?family=Quote")
            let parsed = try #require(found.json)
            #expect(parsed.compactBytes == Array(found.body))
            let family = try #require(
                parsed["entry"]?.arrayValue?.first?["resource"]?["name"]?.arrayValue?.first?["family"]?.stringValue)
            #expect(family == "Quote\"Back\\slash\nTab\t\u{01}é")
        }
    }
}
