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
        ("GET Patient", "GET", "Patient/_search", false),
        ("GET metadata", "GET", "metadata", true),
        ("GET Patient name=a+b", "GET", "Patient?name=a%2Bb", false),
        ("GET Patient name=a%2Bb", "GET", "Patient?name=a%2Bb", true),
    ])
    func matches(pattern: String, method: String, path: String, expected: Bool) throws {
        let request = try #require(RequestPattern(pattern.split(separator: " ").map(String.init)))
        let exchange = HTTPExchange(method: method, url: Self.base + "/" + path, status: 200, milliseconds: 1)
        #expect(request.matches(exchange, base: Self.base) == expected)
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
