import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// The FHIR API behind SMART, rule by rule: no token or a bad one is 401, a scope that does not
/// allow the interaction is 403, and a patient's token reaches only the patient's compartment
/// by every route.
@Suite("SMART access to the FHIR API")
struct SMARTAccessTests {
    /// The scheme in any case, spaces or tabs around the token; anything else is no bearer token.
    @Test(arguments: [
        ("Bearer TOKEN", 200), ("bearer TOKEN", 200), ("BEARER  TOKEN ", 200), ("Bearer \tTOKEN\t", 200),
        ("Bearer", 401), ("Bearer ", 401), ("BearerTOKEN", 401), ("Basic TOKEN", 401), ("Bearer TOKEN x", 401),
    ])
    func theAuthorizationHeaderIsReadAsRFC6750Has(header: String, status: Int) async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token()
        let answer = await harness.service.handle(
            FHIRRequest(
                method: "GET", components: ["Patient", "p0"],
                headers: ["host": "127.0.0.1", "authorization": header.replacingOccurrences(of: "TOKEN", with: token)]))
        #expect(answer.status == status, "\(header)")
    }

    @Test func withoutATokenTheAnswerIs401WithAChallenge() async throws {
        let harness = try await SMARTHarness.make()
        let answer = await harness.request("GET", "Observation", token: nil)
        #expect(answer.status == 401)
        #expect(answer.header("WWW-Authenticate") == "Bearer realm=\"Medbrain\"")
        #expect(answer.text.contains("a bearer token is required"))
    }

    @Test func aTokenNotIssuedHereIs401() async throws {
        let harness = try await SMARTHarness.make()
        let answer = await harness.request("GET", "Observation", token: "made-up")
        #expect(answer.status == 401)
        #expect(answer.header("WWW-Authenticate")?.contains("error=\"invalid_token\"") == true)
    }

    @Test func anExpiredTokenIs401() async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token()
        #expect(await harness.request("GET", "Observation", token: token).status == 200)
        harness.clock.advance(3601)
        #expect(await harness.request("GET", "Observation", token: token).status == 401)
    }

    /// Discovery and the CapabilityStatement are for everyone: that is how an app learns where
    /// to log in.
    @Test func discoveryNeedsNoToken() async throws {
        let harness = try await SMARTHarness.make()
        let configuration = await harness.request("GET", ".well-known/smart-configuration", token: nil)
        #expect(configuration.status == 200)
        #expect(configuration.json?["token_endpoint"] == "http://127.0.0.1/auth/token")
        #expect(configuration.json?["code_challenge_methods_supported"] == ["S256"])
        #expect(await harness.request("GET", "metadata", token: nil).status == 200)
    }

    @Test(arguments: [
        ("GET", "MedicationRequest", "read MedicationRequest"),
        ("GET", "MedicationRequest/rx-p0", "read MedicationRequest"),
        ("POST", "Observation", "create Observation"),
        ("DELETE", "Observation/obs-p0-0", "delete Observation"),
    ])
    func anInteractionOutsideTheScopesIs403(method: String, path: String, verb: String) async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token(scope: "launch/patient patient/Observation.rs")
        let body =
            method == "POST"
            ? #"{"resourceType":"Observation","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p0"}}"#
            : nil
        let answer = await harness.request(method, path, token: token, body: body)
        #expect(answer.status == 403)
        let expected =
            method == "GET" && !path.contains("/") ? verb.replacingOccurrences(of: "read", with: "search") : verb
        #expect(answer.text.contains("do not allow to \(expected)"), "\(answer.text)")
    }

    @Test func theTokensOwnPatientIsReached() async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token()
        #expect(await harness.request("GET", "Patient/p0", token: token).status == 200)
        #expect(await harness.request("GET", "Observation/obs-p0-1", token: token).status == 200)
        #expect(await harness.request("GET", "Observation/obs-p0-1/_history/1", token: token).status == 200)
        #expect(await harness.request("GET", "Observation/obs-p0-1/_history", token: token).status == 200)
        // Shared data, of no patient: the Medication every order names.
        #expect(await harness.request("GET", "Medication/med", token: token).status == 200)
        let created = await harness.request(
            "POST", "Observation", token: token,
            body:
                #"{"resourceType":"Observation","status":"final","code":{"text":"pulse"},"subject":{"reference":"Patient/p0"}}"#
        )
        #expect(created.status == 201, "\(created.text)")
    }

    @Test(arguments: [
        "Patient/p1", "Observation/obs-p1-0", "Observation/obs-p1-0/_history/1", "Observation/obs-p1-0/_history",
        "Encounter/enc-p1", "MedicationRequest/rx-p2",
    ])
    func anotherPatientsResourceIsNotThere(path: String) async throws {
        let harness = try await SMARTHarness.make()
        let answer = await harness.request("GET", path, token: try harness.token())
        // As for an id that does not exist, so the answer does not tell which ids do.
        let missing = await harness.request(
            "GET", path.replacingOccurrences(of: "p1", with: "p9").replacingOccurrences(of: "p2", with: "p9"),
            token: try harness.token())
        #expect(answer.status == 404, "\(answer.text)")
        #expect(
            answer.status == missing.status
                && answer.text == missing.text.replacingOccurrences(of: "p9", with: path.contains("p2") ? "p2" : "p1"))
    }

    /// Each search returns only the patient's resources, whatever it asks for.
    @Test(arguments: [
        ("Observation", ["obs-p0-0", "obs-p0-1", "obs-p0-2"]),
        ("Observation?subject=Patient/p1", []),
        ("Patient", ["p0"]),
        ("Patient?_id=p1", []),
        ("Observation?subject.family=Family1", []),
        ("Observation?subject:Patient.family=Family0", ["obs-p0-0", "obs-p0-1", "obs-p0-2"]),
        ("Patient?_has:Observation:patient:code=8480-6", ["p0"]),
        // p0's readings were taken at p1's visit: the visit is p1's, and stays out.
        ("Observation?_include=Observation:encounter", ["obs-p0-0", "obs-p0-1", "obs-p0-2"]),
        ("Observation?_include=Observation:performer", ["obs-p0-0", "obs-p0-1", "obs-p0-2", "dr"]),
        ("Encounter?_revinclude=Observation:encounter", ["enc-p0"]),
        ("Patient?_revinclude=Observation:subject&_id=p0", ["p0", "obs-p0-0", "obs-p0-1", "obs-p0-2"]),
        (
            "MedicationAdministration?_include=MedicationAdministration:request&_include:iterate=MedicationRequest:subject",
            ["dose-p0", "rx-p0", "p0"]
        ),
    ])
    func aSearchReachesOnlyThePatientsCompartment(path: String, expected: [String]) async throws {
        let harness = try await SMARTHarness.make()
        let answer = await harness.request("GET", path, token: try harness.token())
        #expect(answer.status == 200, "\(answer.text)")
        let ids = answer.json?["entry"]?.arrayValue?.compactMap { $0["resource"]?["id"]?.stringValue } ?? []
        #expect(ids == expected)
        #expect(answer.json?["total"] == .number(String(ids.count - Self.included(answer))))
    }

    static func included(_ answer: FHIRResponse) -> Int {
        answer.json?["entry"]?.arrayValue?.filter { $0["search"]?["mode"] == "include" }.count ?? 0
    }

    @Test func aBatchEntryForAnotherPatientIsNotThere() async throws {
        let harness = try await SMARTHarness.make()
        let batch = #"""
            {"resourceType":"Bundle","type":"batch","entry":[
              {"request":{"method":"GET","url":"Observation/obs-p0-0"}},
              {"request":{"method":"GET","url":"Observation/obs-p1-0"}},
              {"request":{"method":"GET","url":"Observation?subject=Patient/p1"}}]}
            """#
        let answer = await harness.request("POST", "", token: try harness.token(), body: batch)
        let entries = answer.json?["entry"]?.arrayValue ?? []
        #expect(entries.map { $0["response"]?["status"]?.stringValue } == ["200", "404", "200"])
        #expect(entries[2]["resource"]?["entry"] == nil)
    }

    /// Each write a patient's token may not make, and its answer: 403 for what the token sees
    /// (or sends), 404 for a resource outside its reach, as a read answers it.
    @Test(arguments: [
        // Create for another patient.
        (
            #"{"resource":{"resourceType":"Observation","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p1"}},"request":{"method":"POST","url":"Observation"}}"#,
            403
        ),
        // Move one's own reading to another patient.
        (
            #"{"resource":{"resourceType":"Observation","id":"obs-p0-0","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p1"}},"request":{"method":"PUT","url":"Observation/obs-p0-0"}}"#,
            403
        ),
        // Take another patient's reading as one's own.
        (
            #"{"resource":{"resourceType":"Observation","id":"obs-p1-0","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p0"}},"request":{"method":"PUT","url":"Observation/obs-p1-0"}}"#,
            404
        ),
        (#"{"request":{"method":"DELETE","url":"Observation/obs-p1-0"}}"#, 404),
        // Make a reading under an id of one's choosing: it would tell the id was free.
        (
            #"{"resource":{"resourceType":"Observation","id":"obs-new","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p0"}},"request":{"method":"PUT","url":"Observation/obs-new"}}"#,
            404
        ),
    ])
    func aWriteOutsideTheCompartmentIsRefusedAndNothingIsWritten(entry: String, status: Int) async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token()
        let changes = harness.service.store.changeCount
        let transaction = #"{"resourceType":"Bundle","type":"transaction","entry":["# + entry + "]}"
        let answer = await harness.request("POST", "", token: token, body: transaction)
        #expect(answer.status == status, "\(answer.text)")
        #expect(harness.service.store.changeCount == changes)
        // The same as a request of its own.
        let json = try JSONParser.parse(entry)
        let method = json["request"]?["method"]?.stringValue ?? ""
        let single = await harness.request(
            method, json["request"]?["url"]?.stringValue ?? "", token: token, body: json["resource"]?.compactText)
        #expect(single.status == status, "\(single.text)")
        #expect(harness.service.store.changeCount == changes)
    }

    /// An update or delete of another patient's resource is answered as one of an id that does
    /// not exist, word for word but the id: neither tells which ids exist.
    @Test(arguments: ["PUT", "DELETE"]) func aWriteTellsNothingOfWhichIDsExist(method: String) async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token()
        func answer(_ id: String) async -> (Int, String) {
            let body =
                #"{"resourceType":"Observation","id":"\#(id)","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p0"}}"#
            let answer = await harness.request(
                method, "Observation/\(id)", token: token, body: method == "PUT" ? body : nil)
            return (answer.status, answer.text.replacingOccurrences(of: id, with: "ID"))
        }
        let existing = await answer("obs-p1-0")
        let absent = await answer("obs-p9-9")
        #expect(existing.0 == 404)
        #expect(existing == absent)
        // One's own deleted reading may be written again: its read says 410, not 404, already.
        #expect(await harness.request("DELETE", "Observation/obs-p0-0", token: token).status == 200)
        #expect(await answer("obs-p0-0").0 == (method == "PUT" ? 201 : 404))
    }

    /// A chain or reverse chain searches another type: the token must be allowed to search it.
    @Test(arguments: ["Observation?subject:Patient.family=Family0", "Patient?_has:Observation:patient:code=8480-6"])
    func aChainThroughATypeOutsideTheScopesIs403(path: String) async throws {
        let harness = try await SMARTHarness.make()
        let scope =
            path.hasPrefix("Patient") ? "launch/patient patient/Patient.rs" : "launch/patient patient/Observation.rs"
        let answer = await harness.request("GET", path, token: try harness.token(scope: scope))
        #expect(answer.status == 403, "\(answer.text)")
    }

    /// The server keeps answers to repeated searches: one kept for a user's token is not served
    /// to a patient's.
    @Test func anAnswerKeptForOneTokenIsNotServedToAnother() async throws {
        let harness = try await SMARTHarness.make()
        let everyone = try harness.token(scope: "user/*.rs", patient: nil)
        let all = await harness.request("GET", "Observation?code=8480-6", token: everyone)
        #expect(all.json?["total"] == 9)
        let own = await harness.request("GET", "Observation?code=8480-6", token: try harness.token(patient: "p1"))
        #expect(own.json?["total"] == 3)
    }

    /// A user's scopes reach every patient.
    @Test func aUserScopeReachesEveryPatient() async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token(scope: "user/*.rs", patient: nil)
        #expect(await harness.request("GET", "Observation/obs-p1-0", token: token).status == 200)
        let all = await harness.request("GET", "Patient?_id=p0,p1,p2", token: token)
        #expect(all.json?["total"] == 3)
    }
}

extension FHIRResponse {
    func headerValue(_ name: String) -> String? { header(name) }
}

extension JSONValue {
    var compactText: String { String(decoding: compactBytes, as: UTF8.self) }
}
