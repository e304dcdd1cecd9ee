import FHIRModel
import FHIRValidation
import Testing

/// Codes against the ValueSets their elements are bound to (R4, from its core package): one
/// case for each kind of bound element and strength, each failing without the check.
@Suite("bindings")
struct BindingTests {
    static func issues(_ text: String, _ version: FHIRVersion = .r4) throws -> [ValidationIssue] {
        let resource = try JSONParser.parse(text)
        let type = resource["resourceType"]?.stringValue ?? ""
        return ResourceValidator(version: version).issues(in: resource, type: type) { _, _ in true }
    }

    static let encounter =
        #"{"resourceType":"Encounter","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"AMB"},"#

    /// (resource, severity of the one issue expected or nil, words it holds).
    static let cases: [(String, ValidationIssue.Severity?, String)] = [
        (encounter + #""status":"finished"}"#, nil, ""),
        (
            encounter + #""status":"walking"}"#, .error,
            "'walking' is not in the value set http://hl7.org/fhir/ValueSet/encounter-status|4.0.1"
        ),
        (
            #"{"resourceType":"Encounter","status":"finished","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"NOPE"}}"#,
            .warning, "v3-ActCode#NOPE is not in the value set"
        ),
        (
            #"{"resourceType":"AllergyIntolerance","patient":{"reference":"Patient/1"},"clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]}}"#,
            nil, ""
        ),
        (
            #"{"resourceType":"AllergyIntolerance","patient":{"reference":"Patient/1"},"clinicalStatus":{"text":"active"}}"#,
            .error, "no code given, and a code is required"
        ),
        (
            #"{"resourceType":"AllergyIntolerance","patient":{"reference":"Patient/1"},"clinicalStatus":{"coding":[{"system":"http://example.org","code":"active"}]}}"#,
            .error, "none of the codings is in the value set"
        ),
        (
            #"{"resourceType":"AllergyIntolerance","patient":{"reference":"Patient/1"},"clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]},"category":["food","drink"]}"#,
            .error, "'drink' is not in"
        ),
        (
            #"{"resourceType":"Patient","photo":[{"contentType":"image/png"}]}"#, .information,
            "not checked against http://hl7.org/fhir/ValueSet/mimetypes|4.0.1"
        ),
        (#"{"resourceType":"Patient","language":"xx-nowhere"}"#, nil, ""),
    ]

    @Test(arguments: 0..<cases.count)
    func codesAreCheckedByTheirBinding(index: Int) throws {
        let (text, severity, words) = Self.cases[index]
        let issues = try Self.issues(text)
        #expect(issues.map(\.severity) == (severity.map { [$0] } ?? []), "\(issues)")
        #expect(issues.allSatisfy { $0.message.contains(words) }, "\(issues)")
    }

    /// A required binding's error refuses the write; a warning or a code not checkable does not.
    @Test func onlyErrorsAreRefusals() throws {
        #expect(try Self.issues(Self.cases[2].0).allSatisfy { !$0.isError })
        #expect(try Self.issues(Self.cases[7].0).allSatisfy { !$0.isError })
    }

    /// STU3 and DSTU2 have no ValueSets at hand: their codes are the tutorial's rules' alone.
    @Test func releasesWithoutTablesHaveNoBindings() {
        #expect(FHIRVersion.stu3.release.bindings.all.isEmpty && FHIRVersion.dstu2.release.bindings.all.isEmpty)
        #expect(FHIRVersion.r4.release.bindings.all.count > 500)
    }
}
