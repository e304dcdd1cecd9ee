import FHIRModel
import Testing

/// Elements whose JSON form differs by version are written back in the form they were read.
@Suite("Version-specific forms round-trip in their own form")
struct VersionFormTests {
    @Test(
        "HumanName.family",
        arguments: [
            (#"{"family": ["Mustermann", "Schmidt"], "given": ["Iris"]}"#, ["Mustermann", "Schmidt"], true),
            (#"{"family": ["Doe"]}"#, ["Doe"], true),
            (#"{"family": "Doe", "given": ["Jane", "Q"]}"#, ["Doe"], false),
            (#"{"given": ["Cher"]}"#, [], false),
        ])
    func humanNameFamily(_ text: String, _ family: [String], _ isList: Bool) throws {
        let json = try Support.json(text)
        let name = try HumanName(json: json, path: "Patient.name[0]")
        #expect(name.family == family)
        #expect(name.familyIsList == isList)
        #expect(name.json == json)
    }

    @Test func patientsKeepTheirFamilyFormPerVersion() throws {
        let dstu2 = try Support.decode(Patient.self, Fixture.dstu2Patient)
        #expect(dstu2.name.first?.family == ["Mustermann", "Schmidt"])
        #expect(dstu2.json["name"]?[index: 0]?["family"] == ["Mustermann", "Schmidt"])
        let r4 = try Support.decode(Patient.self, Fixture.r4Patient)
        #expect(r4.name.first?.family == ["Mustermann"])
        #expect(r4.json["name"]?[index: 0]?["family"] == "Mustermann")
        #expect(r4.name.map(\.displayText) == ["Dr. Iris Mustermann", "Ris"])
    }

    @Test func familyWrittenAsAListWhenAskedOrWhenThereAreSeveral() {
        #expect(HumanName(family: ["Doe"], familyIsList: true).json == ["family": ["Doe"]])
        #expect(HumanName(family: ["Doe"]).json == ["family": "Doe"])
        #expect(HumanName(family: ["van", "Dijk"]).json == ["family": ["van", "Dijk"]])
        #expect(HumanName(given: ["Cher"], familyIsList: true).json == ["given": ["Cher"]])
    }

    @Test func familyOfTheWrongKindIsAnError() throws {
        let json = try Support.json(#"{"family": 7}"#)
        #expect(throws: FHIRDecodingError(path: "Patient.name[0].family", message: "expected a string, found a number"))
        {
            try HumanName(json: json, path: "Patient.name[0]")
        }
        let list = try Support.json(#"{"family": ["Doe", null]}"#)
        #expect(throws: FHIRDecodingError(path: "Patient.name[0].family[1]", message: "expected a string, found null"))
        {
            try HumanName(json: list, path: "Patient.name[0]")
        }
    }

    @Test func observationCategoryObjectInDSTU2AndListInR4() throws {
        let dstu2 = try Support.decode(Observation.self, Fixture.dstu2Observation)
        #expect(!dstu2.categoryIsList)
        #expect(dstu2.category.count == 1)
        #expect(dstu2.json["category"]?.objectValue != nil)
        let r4 = try Support.decode(Observation.self, Fixture.r4Observation)
        #expect(r4.categoryIsList)
        #expect(r4.category.count == 2)
        #expect(r4.json["category"]?.arrayValue?.count == 2)
        let single = try Support.decode(
            Observation.self, #"{"resourceType": "Observation", "category": [{"text": "vital-signs"}]}"#)
        #expect(single.json["category"] == [["text": "vital-signs"]])
    }

    @Test("administration dose key", arguments: [("quantity", true), ("dose", false)])
    func administrationDoseKey(_ key: String, _ isDSTU2: Bool) throws {
        let json = try Support.json(#"{"text": "one", "\#(key)": {"value": 1.50, "unit": "mg"}}"#)
        let dosage = try AdministrationDosage(json: json, path: "MedicationAdministration.dosage")
        #expect(dosage.doseKey == key)
        #expect(dosage.dose?.value?.text == "1.50")
        #expect(dosage.json == json)
    }

    @Test func conformanceKeepsItsDSTU2Name() throws {
        let conformance = try Support.decode(CapabilityStatement.self, Fixture.dstu2Conformance)
        #expect(conformance.header.resourceType == "Conformance")
        #expect(conformance.fhirVersion == "1.0.2")
        #expect(conformance.resourceTypes == ["MedicationOrder", "Patient"])
        #expect(conformance.rest.first?.resource.first?.searchParam.map(\.name) == ["patient", "status"])
        let statement = try Support.decode(CapabilityStatement.self, Fixture.r4CapabilityStatement)
        #expect(statement.header.resourceType == "CapabilityStatement")
        #expect(statement.resourceTypes == ["MedicationRequest", "Observation"])
        #expect(statement.software?.name == "Medbrain")
        #expect(CapabilityStatement(resourceType: "Conformance").json == ["resourceType": "Conformance"])
    }

    /// A diagnostics text that starts with the path already (as many servers write it) is not
    /// given the path twice.
    @Test func operationOutcomeSummaryPrefersExpressionThenLocation() throws {
        let r4 = try Support.decode(OperationOutcome.self, Fixture.r4OperationOutcome)
        #expect(
            r4.summary == """
                error: MedicationAdministration.status: required
                warning: MedicationAdministration.dosage.dose: dose exceeds the usual maximum
                """)
        let dstu2 = try Support.decode(OperationOutcome.self, Fixture.dstu2OperationOutcome)
        #expect(dstu2.issue.first?.location.count == 1)
        #expect(dstu2.summary.hasPrefix("error: /f:MedicationOrder/"))
    }
}
