import FHIRModel
import Testing

@testable import FHIRClient
@testable import MedbrainWorkbook

/// `? requested METHOD PATH [NAME=VALUE …]` against requests really sent: the path after the base,
/// parameters in any order and encoding, others alongside, `*` for one segment.
@Suite("Request patterns")
struct RequestPatternTests {
    static let base = "http://127.0.0.1:8080/fhir"

    @Test(arguments: [
        ("GET Patient email=a@b.at", "GET", "Patient?email=a%40b.at", true),
        ("GET Patient email=a@b.at", "GET", "Patient?_count=5&email=a@b.at", true),
        ("GET Patient email=a@b.at", "GET", "Patient?email=c@b.at", false),
        ("GET Patient email=a@b.at", "POST", "Patient?email=a@b.at", false),
        ("GET Patient email", "GET", "Patient?email=x", true),
        ("GET Patient?email=a@b.at _id=f001", "GET", "Patient?_id=f001&email=a%40b.at", true),
        ("GET MedicationOrder", "GET", "Patient", false),
        ("GET MedicationAdministration/*", "GET", "MedicationAdministration/17", true),
        ("GET MedicationAdministration/*", "GET", "MedicationAdministration", false),
        ("GET MedicationAdministration/*", "GET", "MedicationRequest/ord-01", false),
        ("POST MedicationAdministration", "POST", "MedicationAdministration", true),
        ("GET MedicationAdministration/*", "GET", "MedicationAdministration/17/_history", false),
        // A version read is a read of the resource as it was: the Location a 201 gives.
        ("GET MedicationAdministration/*", "GET", "MedicationAdministration/17/_history/1", true),
        ("GET MedicationAdministration/17", "GET", "MedicationAdministration/18/_history/1", false),
        // `*` is an id, not an interaction's segment.
        ("GET MedicationAdministration/*", "GET", "MedicationAdministration/_search", false),
        ("POST Patient/*", "POST", "Patient/$validate", false),
        ("GET Patient", "GET", "Patient/_search", false),
        ("GET metadata", "GET", "metadata", true),
        ("GET Patient name=a+b", "GET", "Patient?name=a%2Bb", false),
        ("GET Patient name=a%2Bb", "GET", "Patient?name=a%2Bb", true),
        // A path from the origin: an authorization server's endpoint beside the base.
        ("GET /auth/authorize client_id=medbrain", "GET", "../auth/authorize?client_id=medbrain", true),
        ("GET /auth/authorize", "GET", "auth/authorize", false),
        // OAuth's scope is a set of words, in any order.
        ("GET /auth/authorize scope=a%20b", "GET", "../auth/authorize?scope=b%20a", true),
        ("GET /auth/authorize scope=a%20b", "GET", "../auth/authorize?scope=b+a", true),
        ("GET /auth/authorize scope=a%20b", "GET", "../auth/authorize?scope=a+b+c", false),
        ("GET auth/authorize", "GET", "../auth/authorize", false),
        ("POST /auth/token", "POST", "../auth/token", true),
    ])
    func matches(pattern: String, method: String, path: String, expected: Bool) throws {
        let request = try #require(RequestPattern(pattern.split(separator: " ").map(String.init)))
        let url =
            path.hasPrefix("../") ? "http://127.0.0.1:8080/" + path.dropFirst(3) : Self.base + "/" + path
        let exchange = HTTPExchange(method: method, url: url, status: 200, milliseconds: 1)
        #expect(request.matches(exchange, base: Self.base) == expected)
    }

    /// A reference parameter matches as the server reads it: the bare id where the parameter can
    /// point at one type only, `Type/id`, the absolute URL and the `:Type` modifier name one
    /// resource; another id, another type or another parameter does not.
    @Test(arguments: [
        ("GET MedicationOrder patient=f001", "MedicationOrder?patient=Patient/f001", FHIRVersion.dstu2, true),
        (
            "GET MedicationOrder patient=f001", "MedicationOrder?patient=\(RequestPatternTests.base)/Patient/f001",
            .dstu2, true
        ),
        ("GET MedicationOrder patient=f001", "MedicationOrder?patient:Patient=f001", .dstu2, true),
        ("GET MedicationOrder patient=Patient/f001", "MedicationOrder?patient=f001", .dstu2, true),
        ("GET MedicationOrder patient=f001", "MedicationOrder?patient=Patient/f003", .dstu2, false),
        ("GET MedicationOrder patient=f001", "MedicationOrder?patient=Group/f001", .dstu2, false),
        ("GET MedicationOrder patient=f001", "MedicationOrder?patient:Group=f001", .dstu2, false),
        (
            "GET MedicationAdministration prescription=MedicationOrder/ord-01",
            "MedicationAdministration?prescription=ord-01",
            .dstu2, true
        ),
        (
            "GET MedicationAdministration prescription=MedicationOrder/ord-01",
            "MedicationAdministration?prescription=MedicationOrder/ord-02", .dstu2, false
        ),
        // R4's `patient` may point at a Patient or a Group: the bare id names either.
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient=Patient/f001", .r4, true),
        // Another parameter that reaches the same element: R4's `patient` is `subject` where it is a Patient.
        ("GET MedicationRequest patient=f001", "MedicationRequest?subject=Patient/f001", .r4, true),
        ("GET MedicationRequest patient=f001", "MedicationRequest?subject:Patient=f001", .r4, true),
        ("GET MedicationRequest subject=Patient/f001", "MedicationRequest?patient=f001", .r4, true),
        ("GET MedicationRequest patient=f001", "MedicationRequest?subject=Group/f001", .r4, false),
        ("GET MedicationRequest patient=f001", "MedicationRequest?requester=Patient/f001", .r4, false),
        ("GET MedicationRequest patient=f001", "MedicationRequest?subject:missing=false", .r4, false),
        ("GET MedicationOrder patient=f001", "MedicationOrder?subject=f001", .dstu2, true),
        ("GET Patient family:exact=Mustermann", "Patient?family=Mustermann", .r4, false),
        // A string without :exact is matched without case or accents; with it, as written.
        ("GET Patient family=Mustermann", "Patient?family=mustermann", .r4, true),
        ("GET Patient family=Muller", "Patient?family=M%C3%BCller", .r4, true),
        ("GET Patient family:exact=Mustermann", "Patient?family:exact=mustermann", .r4, false),
        ("GET Observation performer.name=Lindner", "Observation?performer:Practitioner.name=lindner", .r4, true),
        // phonetic reaches the name by another algorithm.
        ("GET Patient name=Mustermann", "Patient?phonetic=Mustermann", .r4, false),
        // An include with its target written out, when that is the only type it can name.
        (
            "GET MedicationRequest _include=MedicationRequest:medication",
            "MedicationRequest?_include=MedicationRequest:medication:Medication", .r4, true
        ),
        (
            "GET MedicationRequest _include=MedicationRequest:subject",
            "MedicationRequest?_include=MedicationRequest:subject:Patient", .r4, false
        ),
        (
            "GET MedicationRequest _include=MedicationRequest:medication",
            "MedicationRequest?_include=MedicationRequest:requester", .r4, false
        ),
        (
            "GET Encounter _revinclude=Observation:encounter",
            "Encounter?_revinclude=Observation:encounter:Encounter", .r4, true
        ),
        // A compartment search is the search of the type by the patient, when the compartment
        // has one way in (R4's MedicationRequest: subject). Observation's is subject or
        // performer: a reading Herbert took of someone else is in his compartment, so it is
        // neither `patient=f001` nor `performer=f001`.
        ("GET MedicationRequest patient=f001", "Patient/f001/MedicationRequest", .r4, true),
        ("GET Observation patient=f001", "Patient/f001/Observation?code=8480-6", .r4, false),
        ("GET Observation performer=Patient/f001", "Patient/f001/Observation", .r4, false),
        ("GET Observation code=8480-6", "Patient/f001/Observation?code=8480-6", .r4, true),
        // A chain to the id alone is the reference search.
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient._id=f001", .r4, true),
        ("GET MedicationRequest patient=f001", "MedicationRequest?subject:Patient._id=f001", .r4, true),
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient._id=f002", .r4, false),
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient._id=f001,f002", .r4, false),
        ("GET MedicationRequest patient._id=f001", "MedicationRequest?patient=Patient/f001", .r4, true),
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient.name=f001", .r4, false),
        // `_id` holds an id alone: a reference there matches nothing.
        ("GET MedicationRequest patient=f001", "MedicationRequest?patient._id=Patient/f001", .r4, false),
        ("GET MedicationRequest patient=f001", "Patient/f002/MedicationRequest", .r4, false),
        ("GET MedicationOrder patient=f001", "Patient/f001/MedicationOrder", .dstu2, true),
        ("GET MedicationRequest patient=Patient/f001", "MedicationRequest?patient=Group/f001", .r4, false),
        // Not a reference parameter: compared as written.
        ("GET Patient _id=f001", "Patient?_id=Patient/f001", .r4, false),
    ])
    func referencesMatchAsFHIRReadsThem(pattern: String, path: String, version: FHIRVersion, expected: Bool) throws {
        let request = try #require(RequestPattern(pattern.split(separator: " ").map(String.init)))
        let exchange = HTTPExchange(method: "GET", url: Self.base + "/" + path, status: 200, milliseconds: 1)
        #expect(request.matches(exchange, base: Self.base, version: version) == expected)
        // Without a release there is no table to say it is a reference: only the same text matches.
        if pattern.split(separator: "=").last != path.split(separator: "=").last {
            #expect(!request.matches(exchange, base: Self.base, version: nil))
        }
    }

    /// A form posted is its fields: to an authorization server, or as a search (`_search`).
    @Test(arguments: [
        (
            "POST /auth/authorize patient=f001 decision=approve", "../auth/authorize", "decision=approve&patient=f001",
            true
        ),
        ("POST /auth/authorize patient=f001", "../auth/authorize", "decision=approve&patient=f002", false),
        ("GET Patient email=a@b.at", "Patient/_search", "email=a%40b.at", true),
        ("GET Patient email=a@b.at", "Patient/_search", "email=c%40b.at", false),
        ("GET Patient email=a@b.at", "Patient/_search?email=a%40b.at", "_pretty=false", true),
        ("POST MedicationAdministration", "MedicationAdministration", #"{"a=b":1}"#, true),
    ])
    func formsAreTheirFields(pattern: String, path: String, body: String, expected: Bool) throws {
        let request = try #require(RequestPattern(pattern.split(separator: " ").map(String.init)))
        let url = path.hasPrefix("../") ? "http://127.0.0.1:8080/" + path.dropFirst(3) : Self.base + "/" + path
        let exchange = HTTPExchange(method: "POST", url: url, status: 200, milliseconds: 1, requestBody: body)
        #expect(request.matches(exchange, base: Self.base, version: .r4) == expected)
    }

    /// The path is the whole path after the connected server's base: the same request to
    /// another server, or below another base, is not the one asked for.
    @Test func onlyBelowTheBase() throws {
        let request = try #require(RequestPattern(["GET", "Patient"]))
        let other = HTTPExchange(method: "GET", url: "http://elsewhere/fhir/Patient", status: 200, milliseconds: 1)
        #expect(!request.matches(other, base: Self.base))
        let deeper = HTTPExchange(method: "GET", url: Self.base + "/x/Patient", status: 200, milliseconds: 1)
        #expect(!request.matches(deeper, base: Self.base))
    }

    /// Words that are no request pattern: the lesson gets a clear error, not a crash (found by the fuzzer).
    @Test(arguments: [
        ["GET"], ["get", "Patient"], ["GET", "Patient", "="], ["GET", "Patient", "=x"], ["GET", "?a=b"],
    ])
    func notAPattern(words: [String]) {
        #expect(RequestPattern(words) == nil)
    }
}
