import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

@Suite("create, update, delete")
struct WriteTests {
    @Test(arguments: FHIRVersion.allCases)
    func createAnswers201WithLocationAndStoredResource(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let first = try await client.send("POST", "MedicationAdministration", body: version.administration())
            #expect(first.status == 201)
            #expect(first.header("Location")?.hasSuffix("/fhir/MedicationAdministration/1/_history/1") == true)
            #expect(first.header("ETag") == "W/\"1\"")
            #expect(first.json?["id"] == "1")
            #expect(first.json?["meta"]?["lastUpdated"] == "2016-08-16T10:00:00Z")
            let second = try await client.send(
                "POST", "MedicationAdministration", body: version.administration(taken: false))
            #expect(second.json?["id"] == "2")
            let read = try await client.get("MedicationAdministration/2")
            #expect(read.status == 200 && read.body == second.body)
        }
    }

    /// A refused create uses up no id: the next one that passes gets the number it would have.
    @Test(arguments: FHIRVersion.allCases)
    func aRefusedCreateUsesUpNoID(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let refused = try await client.send(
                "POST", "MedicationAdministration", body: #"{"resourceType":"MedicationAdministration"}"#)
            #expect(refused.status == 422)
            let created = try await client.send("POST", "MedicationAdministration", body: version.administration())
            #expect(created.json?["id"] == "1")
        }
    }

    /// Each row: a body that breaks a rule, the status, and text the outcome must contain.
    static let invalidDSTU2: [(String, Int, String)] = [
        (
            #"{"resourceType":"MedicationAdministration","status":"completed","patient":{"reference":"Patient/f001"},"medicationCodeableConcept":{"text":"x"}}"#,
            422, "MedicationAdministration.effectiveTime[x]: required"
        ),
        (
            #"{"resourceType":"MedicationAdministration","status":"done","patient":{"reference":"Patient/f001"},"effectiveTimeDateTime":"2016-08-16","medicationCodeableConcept":{"text":"x"}}"#,
            422, "MedicationAdministration.status: unknown code 'done'"
        ),
        (
            #"{"resourceType":"MedicationAdministration","status":"completed","patient":{"reference":"Patient/nobody"},"effectiveTimeDateTime":"2016-08-16","medicationCodeableConcept":{"text":"x"}}"#,
            422, "MedicationAdministration.patient: refers to Patient/nobody"
        ),
        (
            #"{"resourceType":"MedicationAdministration","status":"completed","wasNotGiven":"no","patient":{"reference":"Patient/f001"},"effectiveTimeDateTime":"2016-08-16","medicationCodeableConcept":{"text":"x"}}"#,
            422, "MedicationAdministration.wasNotGiven: expected a boolean"
        ),
        (
            #"{"resourceType":"MedicationAdministration","status":"completed","patient":{"reference":"Patient/f001"},"effectiveTimeDateTime":"yesterday","medicationCodeableConcept":{"text":"x"}}"#,
            422, "effectiveTimeDateTime: expected a FHIR date"
        ),
        (#"{"resourceType":"MedicationAdministration", "status": }"#, 400, "malformed JSON at line 1"),
        (#"{"resourceType":"Patient"}"#, 400, "the body is a Patient"),
        (#"[1, 2]"#, 400, "must be a JSON object"),
    ]

    @Test(arguments: invalidDSTU2)
    func invalidResourcesAreRefusedAndNotStored(body: String, status: Int, message: String) async throws {
        try await withServer(.dstu2) { client in
            let response = try await client.send("POST", "MedicationAdministration", body: body)
            #expect(response.status == status)
            #expect(response.outcomeText.contains(message), "\(response.outcomeText)")
            let stored = try await client.search("MedicationAdministration?patient=f001&_count=1000")
            let created = try await client.send(
                "POST", "MedicationAdministration", body: FHIRVersion.dstu2.administration())
            #expect(created.json?["id"] != nil && stored.allSatisfy { $0["id"] != created.json?["id"] })
        }
    }

    @Test func r4NamesTheR4Elements() async throws {
        try await withServer(.r4) { client in
            let body =
                #"{"resourceType":"MedicationRequest","status":"active","subject":{"reference":"Patient/f001"},"medicationCodeableConcept":{"text":"x"}}"#
            let response = try await client.send("POST", "MedicationRequest", body: body)
            #expect(response.status == 422)
            #expect(response.outcomeText.contains("MedicationRequest.intent: required"))
            #expect(response.json?["issue"]?.arrayValue?.first?["expression"] == ["MedicationRequest.intent"])
        }
    }

    /// R5 names the dose's time occurence[x], and allows a Timing there too: an administration
    /// with one is accepted, one with R4's effective[x] instead is refused naming R5's element.
    @Test func r5NamesTheR5Elements() async throws {
        try await withServer(.r5) { client in
            let base =
                #""resourceType":"MedicationAdministration","status":"completed","subject":{"reference":"Patient/f001"},"medication":{"concept":{"text":"x"}}"#
            let timing = try await client.send(
                "POST", "MedicationAdministration", body: "{" + base + #","occurenceTiming":{"event":["2016-08-16"]}}"#)
            #expect(timing.status == 201)
            let r4Shaped = try await client.send(
                "POST", "MedicationAdministration", body: "{" + base + #","effectiveDateTime":"2016-08-16"}"#)
            #expect(r4Shaped.status == 422)
            #expect(r4Shaped.outcomeText.contains("MedicationAdministration.occurence[x]: required"))
        }
    }

    /// Each release's own required elements and codes: STU3 orders may leave out the status,
    /// R5's `ended` is R5's alone.
    @Test(arguments: [
        (FHIRVersion.stu3, #""intent":"order","medicationCodeableConcept":{"text":"x"}"#, 201),
        (.r4, #""intent":"order","status":"ended","medicationCodeableConcept":{"text":"x"}"#, 422),
        (.r5, #""intent":"order","status":"ended","medication":{"concept":{"text":"x"}}"#, 201),
    ])
    func ordersByTheirReleasesRules(version: FHIRVersion, members: String, status: Int) async throws {
        try await withServer(version) { client in
            let body = #"{"resourceType":"MedicationRequest","subject":{"reference":"Patient/f001"},"# + members + "}"
            let response = try await client.send("POST", "MedicationRequest", body: body)
            #expect(response.status == status, "\(response.outcomeText)")
        }
    }

    /// Over a socket: the HTTP server itself refuses the body, with a FHIR answer.
    @Test func oversizedBodyIs413() async throws {
        try await withServer(.dstu2, over: .socket, maximumBodySize: 1024) { client in
            let padding = String(repeating: "x", count: 4096)
            let body = #"{"resourceType":"Patient","name":[{"text":"\#(padding)"}]}"#
            let response = try await client.send("POST", "Patient", body: body)
            #expect(response.status == 413)
        }
    }

    /// The server reads a body only when a request announces one: a chunked create must still
    /// be read whole, and a search after it on the same connection, which announces none,
    /// must still be answered.
    @Test func aChunkedCreateIsReadAndTheConnectionGoesOn() async throws {
        try await withServer(.r4, over: .socket) { client in
            let port = try #require(URL(string: client.baseURL)?.port)
            let body = #"{"resourceType":"Patient","name":[{"family":"Chunkington"}]}"#
            let chunks = [String(body.prefix(20)), String(body.dropFirst(20))]
            let chunked = chunks.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined() + "0\r\n\r\n"
            let answer = try await RawHTTP.exchange(
                port: port,
                "POST /fhir/Patient HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/fhir+json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + chunked
                    + "GET /fhir/Patient?family=Chunkington HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
            )
            #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer.prefix(200))")
            #expect(answer.components(separatedBy: "HTTP/1.1 200").count == 2, "\(answer.suffix(300))")
            #expect(answer.contains(#""total":1"#))
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func updateVersionsAndChecksIfMatch(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            var patient = try #require(try await client.get("Patient/f003").json?.objectValue)
            patient["gender"] = "other"
            let body = JSONValue.object(patient).compactText
            let stale = try await client.send("PUT", "Patient/f003", body: body, headers: ["If-Match": "W/\"7\""])
            #expect(stale.status == 412)
            let updated = try await client.send("PUT", "Patient/f003", body: body, headers: ["If-Match": "W/\"1\""])
            #expect(updated.status == 200 && updated.header("ETag") == "W/\"2\"")
            #expect(try await client.get("Patient/f003").json?["gender"] == "other")
            #expect(try await client.get("Patient/f003/_history/1").json?["gender"] != "other")
            let history = try await client.get("Patient/f003/_history")
            #expect(history.json?["total"] == 2)
            let mismatch = try await client.send("PUT", "Patient/f002", body: body)
            #expect(mismatch.status == 400)
        }
    }

    @Test func deleteThenReadIsGone() async throws {
        try await withServer(.r4) { client in
            let created = try await client.send(
                "POST", "MedicationAdministration", body: FHIRVersion.r4.administration())
            let id = try #require(created.json?["id"]?.stringValue)
            #expect(try await client.send("DELETE", "MedicationAdministration/\(id)").status == 200)
            #expect(try await client.get("MedicationAdministration/\(id)").status == 410)
            #expect(try await client.send("DELETE", "MedicationAdministration/\(id)").status == 404)
            #expect(try await client.send("DELETE", "MedicationAdministration/none").status == 404)
        }
    }

    @Test func concurrentCreatesAllLand() async throws {
        try await withServer(.r4) { client in
            let before = try await client.get("MedicationAdministration?_summary=count").json?["total"]
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<60 {
                    group.addTask {
                        try await client.send("POST", "MedicationAdministration", body: FHIRVersion.r4.administration())
                            .json?["id"]?.stringValue
                    }
                }
                return try await group.reduce(into: [String]()) { if let id = $1 { $0.append(id) } }
            }
            #expect(Set(ids).count == 60)
            let after = try await client.get("MedicationAdministration?_summary=count").json?["total"]
            let count = { (value: JSONValue?) in
                value.flatMap { if case .number(let n) = $0 { Int(n) } else { nil } } ?? -1
            }
            #expect(count(after) == count(before) + 60)
        }
    }
}
