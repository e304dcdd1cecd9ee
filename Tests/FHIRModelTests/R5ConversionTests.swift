import FHIRModel
import Testing

/// R5's shapes of the tutorial's resources: the medication a CodeableReference, `occurence[x]`,
/// Dosage's plain `asNeeded`, Medication's `doseForm`; each read into the tutorial's terms as
/// the R4 resource it came from is.
@Suite("R5 conversion")
struct R5ConversionTests {
    @Test func anOrderInR5() throws {
        let r4 = try Support.json(Fixture.r4MedicationRequest)
        let r5 = try VersionConversion.convert(r4, to: .r5)
        #expect(
            r5["medication"] == [
                "reference": ["reference": "Medication/med-amoxicillin", "display": "Amoxicillin 500 mg"]
            ])
        #expect(r5["medicationReference"] == nil)
        let dosage = try #require(r5["dosageInstruction"]?.arrayValue?.first)
        #expect(dosage["asNeeded"] == true)
        #expect(dosage["asNeededFor"] == [["text": "if the fever returns"]])
        #expect(dosage["asNeededCodeableConcept"] == nil)
        #expect(dosage["maxDosePerPeriod"]?.arrayValue?.count == 1)
        // The same order in the tutorial's terms, whichever version it was read from.
        #expect(try Order(json: r5) == Order(json: r4))
        #expect(Order.version(of: r5) == .r5)
        #expect(try VersionConversion.convert(r5, to: .r4)["medicationReference"] == r4["medicationReference"])
    }

    @Test func anAdministrationInR5() throws {
        let r4 = try Support.json(Fixture.r4MedicationAdministration)
        let r5 = try VersionConversion.convert(r4, to: .r5)
        #expect(r5["occurencePeriod"] == r4["effectivePeriod"])
        #expect(r5["effectivePeriod"] == nil)
        #expect(r5["medication"]?["concept"] == r4["medicationCodeableConcept"])
        #expect(r5["status"] == "not-done")
        #expect(Administration.version(of: r5) == .r5)
        let read = try Administration(json: r5)
        #expect(read == (try Administration(json: r4)))
        #expect(!read.taken)
        // Read straight from the tape as a page of them is, the same as through R5's struct.
        let tape = try JSONTape(parsing: Array(r5.compactText.utf8))
        #expect(try Administration(node: tape.root, at: .root("MedicationAdministration")) == read)
        #expect(!Administration.isTaken(tape.root))
    }

    @Test func dstu2AdministrationToR5AndBack() throws {
        let dstu2 = try Support.json(Fixture.dstu2MedicationAdministration)
        let r5 = try VersionConversion.convert(dstu2, to: .r5)
        #expect(r5["request"]?["reference"]?.stringValue?.hasPrefix("MedicationRequest/") == true)
        #expect(r5["subject"] == dstu2["patient"])
        #expect(try Administration(json: r5).taken == Administration(json: dstu2).taken)
        let back = try VersionConversion.convert(r5, to: .dstu2)
        #expect(back["prescription"]?["reference"] == dstu2["prescription"]?["reference"])
    }

    @Test func aMedicationsFormInEachVersion() throws {
        let r4: JSONValue = ["resourceType": "Medication", "status": "active", "form": ["text": "tablet"]]
        let r5 = try VersionConversion.convert(r4, to: .r5)
        #expect(r5 == ["resourceType": "Medication", "status": "active", "doseForm": ["text": "tablet"]])
        #expect(try VersionConversion.convert(r5, to: .r4) == r4)
        #expect(
            try VersionConversion.convert(r5, to: .dstu2) == [
                "resourceType": "Medication", "product": ["form": ["text": "tablet"]],
            ])
    }

    /// Which version a resource is in, told by the members only one version has.
    @Test(arguments: [
        (#"{"resourceType": "MedicationOrder"}"#, FHIRVersion.dstu2),
        (#"{"resourceType": "MedicationRequest", "medicationCodeableConcept": {}}"#, .r4),
        (#"{"resourceType": "MedicationRequest", "medication": {"concept": {}}}"#, .r5),
        (#"{"resourceType": "MedicationAdministration", "wasNotGiven": true}"#, .dstu2),
        (#"{"resourceType": "MedicationAdministration", "effectiveDateTime": "2016"}"#, .r4),
        (#"{"resourceType": "MedicationAdministration", "occurenceDateTime": "2016"}"#, .r5),
        (#"{"resourceType": "MedicationRequest", "requester": {"agent": {"display": "Dr"}}}"#, .stu3),
        (#"{"resourceType": "MedicationRequest", "dosageInstruction": [{"doseQuantity": {"value": 1}}]}"#, .stu3),
        (#"{"resourceType": "MedicationRequest", "requester": {"display": "Dr"}}"#, .r4),
        (#"{"resourceType": "MedicationAdministration", "notGiven": true}"#, .stu3),
        (#"{"resourceType": "MedicationAdministration", "prescription": {}, "subject": {}}"#, .stu3),
        (#"{"resourceType": "MedicationAdministration", "prescription": {}, "patient": {}}"#, .dstu2),
    ])
    func versionOf(text: String, version: FHIRVersion) throws {
        let json = try Support.json(text)
        let found =
            json["resourceType"] == "MedicationAdministration"
            ? Administration.version(of: json) : Order.version(of: json)
        #expect(found == version)
        if json["resourceType"] != "MedicationAdministration" {
            #expect(Order.version(of: try JSONTape(parsing: Array(text.utf8)).root) == version)
        }
    }
}
