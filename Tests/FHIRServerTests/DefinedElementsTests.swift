import FHIRModel
import FHIRValidation
import MedbrainDataset
import Testing

/// A server stores only elements its release defines, each refused with its path and, where
/// another release used the name, the word this release uses instead. Each rule has a case
/// that fails without it.
@Suite("elements a release does not define")
struct DefinedElementsTests {
    static func issues(_ resource: JSONValue, _ version: FHIRVersion) -> [String] {
        let type = resource["resourceType"]?.stringValue ?? ""
        return ResourceValidator(version: version).issues(in: resource, type: type) { _, _ in true }.map(\.description)
    }

    static func administration(_ version: FHIRVersion, adding extra: [(String, JSONValue)]) -> JSONValue {
        var object: JSONObject
        switch version {
        case .dstu2:
            object = JSONObject([
                ("resourceType", "MedicationAdministration"), ("status", "completed"),
                ("patient", ["reference": "Patient/f001"]), ("medicationReference", ["reference": "Medication/m"]),
                ("effectiveTimeDateTime", "2016-08-16T08:00:00+02:00"),
            ])
        case .stu3, .r4, .r4b:
            object = JSONObject([
                ("resourceType", "MedicationAdministration"), ("status", "completed"),
                ("subject", ["reference": "Patient/f001"]), ("medicationReference", ["reference": "Medication/m"]),
                ("effectiveDateTime", "2016-08-16T08:00:00+02:00"),
            ])
        case .r5:
            object = JSONObject([
                ("resourceType", "MedicationAdministration"), ("status", "completed"),
                ("subject", ["reference": "Patient/f001"]),
                ("medication", ["reference": ["reference": "Medication/m"]]),
                ("occurenceDateTime", "2016-08-16T08:00:00+02:00"),
            ])
        }
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }

    @Test(arguments: FHIRVersion.allCases)
    func theReleasesOwnAdministrationIsTaken(version: FHIRVersion) {
        #expect(Self.issues(Self.administration(version, adding: []), version) == [])
    }

    /// (release, member added, its value, the one issue)
    static let refused: [(FHIRVersion, String, JSONValue, String)] = [
        (
            .r4, "wasNotGiven", .bool(true),
            "MedicationAdministration.wasNotGiven: not an element of R4's MedicationAdministration; R4 says: a dose not given is status = not-done"
        ),
        (
            .r4, "prescription", ["reference": "MedicationRequest/o"],
            "MedicationAdministration.prescription: not an element of R4's MedicationAdministration; R4 says: the order is request"
        ),
        (
            .r4, "patient", ["reference": "Patient/f001"],
            "MedicationAdministration.patient: not an element of R4's MedicationAdministration; R4 says: the patient is subject"
        ),
        (
            .stu3, "wasNotGiven", .bool(true),
            "MedicationAdministration.wasNotGiven: not an element of STU3's MedicationAdministration; STU3 says: a dose not given is notGiven = true"
        ),
        (
            .stu3, "statusReason", [["text": "asleep"]],
            "MedicationAdministration.statusReason: not an element of STU3's MedicationAdministration"
        ),
        (
            .r5, "effectiveDateTime", "2016-08-16T08:00:00+02:00",
            "MedicationAdministration.effectiveDateTime: not an element of R5's MedicationAdministration; R5 says: the time is occurence[x]"
        ),
        (
            .dstu2, "subject", ["reference": "Patient/f001"],
            "MedicationAdministration.subject: not an element of DSTU2's MedicationAdministration"
        ),
        (
            .r4, "effectiveString", "today",
            "MedicationAdministration.effectiveString: not an element of R4's MedicationAdministration"
        ),
        (
            .r4, "dosage", ["doze": ["value": 1]],
            "MedicationAdministration.dosage.doze: not an element of R4's MedicationAdministration.dosage"
        ),
        (
            .r4, "_status", ["extension": [["url": "u", "valueCode": "x"]], "colour": "red"],
            "MedicationAdministration.status.colour: not an element of R4's Element"
        ),
        (
            .r4, "fhir_comments", ["a comment"],
            "MedicationAdministration.fhir_comments: not an element of R4's MedicationAdministration"
        ),
        (
            .dstu2, "contained", [["resourceType": "MedicationRequest", "id": "o"]],
            "MedicationAdministration.contained[0]: resourceType 'MedicationRequest' is not a resource type of DSTU2"
        ),
        (
            .r4, "contained", [["resourceType": "Medication", "id": "m", "colour": "red"]],
            "MedicationAdministration.contained[0].colour: not an element of R4's Medication"
        ),
        (
            .r4, "note", [["text": "fine", "authorString": "Ann", "authorSignature": "x"]],
            "MedicationAdministration.note[0].authorSignature: not an element of R4's Annotation"
        ),
    ]

    @Test(arguments: refused)
    func anElementTheReleaseDoesNotDefineIsRefused(version: FHIRVersion, key: String, value: JSONValue, issue: String) {
        #expect(Self.issues(Self.administration(version, adding: [(key, value)]), version) == [issue])
    }

    @Test func whatAReleaseAllowsElsewhereIsTaken() {
        // DSTU2's JSON carries comments; a primitive's sibling holds extensions; a choice takes
        // each of its types; a contained resource is read as its own type.
        #expect(Self.issues(Self.administration(.dstu2, adding: [("fhir_comments", ["a comment"])]), .dstu2) == [])
        let r4 = Self.administration(
            .r4,
            adding: [
                ("_status", ["extension": [["url": "u", "valueCode": "x"]]]),
                ("note", [["text": "fine", "authorString": "Ann"]]),
                ("contained", [["resourceType": "Medication", "id": "m", "code": ["text": "pill"]]]),
                ("medicationReference", ["reference": "#m"]),
            ])
        #expect(Self.issues(r4, .r4) == [])
    }

    @Test func everyProblemIsSaidAtOnce() {
        let resource = Self.administration(.r4, adding: [("wasNotGiven", true), ("prescription", ["reference": "x"])])
        #expect(Self.issues(resource, .r4).count == 2)
    }

    @Test(arguments: FHIRVersion.allCases)
    func theBuiltInDataUsesOnlyItsReleasesElements(version: FHIRVersion) throws {
        for resource in try BuiltinDataset.resources(for: version) {
            #expect(Self.issues(resource, version) == [], "\(resource["id"]?.stringValue ?? "")")
        }
    }
}
