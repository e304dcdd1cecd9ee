import FHIRModel
import FHIRValidation
import Testing

/// The type model's rules beyond element names, on every release: each row breaks one rule in a
/// Patient (an element the tutorial's own checks do not read), so each fails without its rule.
@Suite("element shapes from the type model")
struct ElementShapesTests {
    static func patient(adding key: String, _ value: JSONValue) -> JSONValue {
        .object(JSONObject([("resourceType", "Patient"), ("id", "p"), (key, value)]))
    }

    /// (member added, its value, the one issue)
    static let refused: [(String, JSONValue, String)] = [
        ("link", [["type": "seealso"]], "Patient.link[0].other: required"),
        ("extension", [["valueString": "x"]], "Patient.extension[0].url: required"),
        (
            "deceasedBoolean", false,
            "Patient.deceased[x]: only one form may be given; found deceasedBoolean and deceasedDateTime"
        ),
        ("contact", ["gender": "male"], "Patient.contact: expected an array (0..*)"),
        ("multipleBirthBoolean", [true], "Patient.multipleBirthBoolean: expected a single value, not an array (0..1)"),
        ("contact", [], "Patient.contact: an empty array; leave the element out instead (0..*)"),
        (
            "multipleBirthInteger", .number("1.5"),
            "Patient.multipleBirthInteger: expected an integer (integer), found a number"
        ),
        (
            "communication", [["language": ["text": "de"], "preferred": "yes"]],
            "Patient.communication[0].preferred: expected a boolean (boolean), found a string"
        ),
        ("contact", [["gender": 1]], "Patient.contact[0].gender: expected a string (code), found a number"),
        ("maritalStatus", "M", "Patient.maritalStatus: expected an object (CodeableConcept), found a string"),
        ("implicitRules", "", "Patient.implicitRules: an empty string is not a value; leave the element out"),
        ("language", .null, "Patient.language: null is not a FHIR value; leave the element out"),
        (
            "deceasedDateTime", "2015-01-01T10:00",
            "Patient.deceasedDateTime: a time needs its seconds and a zone, such as 2016-08-16T20:00:00+02:00; found \"2015-01-01T10:00\""
        ),
        (
            "deceasedDateTime", "2015-01-01T10:00:00",
            "Patient.deceasedDateTime: a time needs its seconds and a zone, such as 2016-08-16T20:00:00+02:00; found \"2015-01-01T10:00:00\""
        ),
    ]

    @Test(arguments: FHIRVersion.allCases, refused)
    func aBrokenRuleIsRefused(version: FHIRVersion, row: (String, JSONValue, String)) {
        var resource = Self.patient(adding: row.0, row.1)
        if row.0 == "deceasedBoolean", case .object(var object) = resource {
            object["deceasedDateTime"] = "2015-01-01"
            resource = .object(object)
        }
        let issues = ResourceValidator(version: version).issues(in: resource, type: "Patient") { _, _ in true }
        #expect(issues.map(\.description) == [row.2])
    }

    /// What the rules allow: a primitive given by its extension alone (`_birthDate`), `null`
    /// aligning a repeating primitive with its siblings, one form of a choice, whole numbers.
    @Test(arguments: FHIRVersion.allCases)
    func whatTheRulesAllowIsTaken(version: FHIRVersion) {
        let resource: JSONValue = .object(
            JSONObject([
                ("resourceType", "Patient"), ("id", "p"), ("multipleBirthInteger", 2),
                ("_birthDate", ["extension": [["url": "u", "valueString": "unknown"]]]),
                ("name", [["given": ["Ann", "Lee"], "_given": [nil, ["id": "g2"]]]]),
                ("link", [["other": ["reference": "Patient/q"], "type": "seealso"]]),
                ("deceasedDateTime", "2015-01-01T10:00:00.5+01:00"), ("birthDate", "1961-12-24"),
            ]))
        #expect(ResourceValidator(version: version).issues(in: resource, type: "Patient") { _, _ in true } == [])
    }
}
