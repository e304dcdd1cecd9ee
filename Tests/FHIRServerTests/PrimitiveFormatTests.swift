import FHIRModel
import FHIRValidation
import Testing

/// Each primitive's value in its type's format, by the release's definitions: the cases are
/// written here from the specification's datatype pages (an id is 1 to 64 letters, digits,
/// `-` and `.`; a time is hh:mm:ss from 00:00:00 to 23:59:59; …), not from the regexes.
@Suite("primitive formats")
struct PrimitiveFormatTests {
    static let cases: [(type: String, element: String, value: JSONValue, valid: Bool)] = [
        ("Patient", "id", "f001", true), ("Patient", "id", "bad-id_1", false), ("Patient", "id", "bad id", false),
        ("Patient", "id", .string(String(repeating: "a", count: 64)), true),
        ("Patient", "id", .string(String(repeating: "a", count: 65)), false),
        ("Patient", "gender", "female", true), ("Patient", "gender", "", false),
        ("Patient", "language", "de AT", true), ("Patient", "language", " de", false),
        ("Patient", "birthDate", "2016-08-16", true), ("Patient", "birthDate", "2016-8-16", false),
        ("Patient", "implicitRules", "http://example.org/rules", true),
        ("Patient", "implicitRules", "http://example.org/two words", false),
        ("Patient", "multipleBirthInteger", .number("2"), true),
        ("Patient", "multipleBirthInteger", .number("-2"), true),
        // FHIR's regexes are Java's, whose white space is ASCII's: other spaces are text.
        ("Patient", "language", "de\u{3000}AT", true),
    ]

    static func issues(_ element: String, _ value: JSONValue, _ version: FHIRVersion) -> [ValidationIssue] {
        let patient = JSONValue.object(JSONObject([("resourceType", "Patient"), (element, value)]))
        return ResourceValidator(version: version).issues(in: patient, type: "Patient") { _, _ in true }
    }

    @Test(arguments: [FHIRVersion.r4, .r4b, .r5])
    func valuesAreInTheirTypesFormat(version: FHIRVersion) {
        for (_, element, value, valid) in Self.cases {
            let issues = Self.issues(element, value, version)
            #expect(issues.isEmpty == valid, "\(element) \(value): \(issues)")
            if !valid { #expect(issues.map(\.path) == ["Patient.\(element)"], "\(issues)") }
        }
    }

    /// A time of day out of range is refused where the tutorial writes it, in a Timing.
    @Test func aTimeOfDayPastMidnightIsRefused() {
        let timing =
            #"{"resourceType":"MedicationRequest","status":"active","intent":"order","subject":{"reference":"Patient/1"},"medicationCodeableConcept":{"text":"x"},"dosageInstruction":[{"timing":{"repeat":{"timeOfDay":["25:00:00"]}}}]}"#
        let json = try! JSONParser.parse(timing)
        let issues = ResourceValidator(version: .r4).issues(in: json, type: "MedicationRequest") { _, _ in true }
        #expect(
            issues.map(\.description) == [
                "MedicationRequest.dosageInstruction[0].timing.repeat.timeOfDay[0]: \"25:00:00\" is not a valid time"
            ])
    }
}
