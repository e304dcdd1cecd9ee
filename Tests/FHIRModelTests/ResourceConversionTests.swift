import FHIRModel
import Testing

/// Patient, Medication and Observation differ between DSTU2 and R4 in a few elements only.
@Suite("Version conversion: patients, medications, observations")
struct ResourceConversionTests {
    @Test func r4PatientGetsFamilyListsInDSTU2AndBack() throws {
        let r4 = try Support.json(Fixture.r4Patient)
        let dstu2 = try VersionConversion.convert(r4, to: .dstu2)
        #expect(dstu2["name"]?[index: 0]?["family"] == ["Mustermann"])
        #expect(dstu2["name"]?[index: 1]?["family"] == nil)
        #expect(dstu2["_birthDate"] == r4["_birthDate"])
        #expect(dstu2["extension"] == r4["extension"])
        let back = try VersionConversion.convert(dstu2, to: .r4)
        #expect(back == r4)
    }

    @Test func dstu2PatientWithOneFamilyNameGetsAStringInR4() throws {
        let dstu2: JSONValue = ["resourceType": "Patient", "name": [["family": ["Doe"], "given": ["Jane"]]]]
        let r4 = try VersionConversion.convert(dstu2, to: .r4)
        #expect(r4["name"]?[index: 0]?["family"] == "Doe")
        #expect(try VersionConversion.convert(r4, to: .dstu2) == dstu2)
    }

    /// R4 allows one family name; several DSTU2 family names must not be written as an R4 array.
    @Test func dstu2PatientWithSeveralFamilyNamesIsValidR4() throws {
        let r4 = try VersionConversion.convert(Support.json(Fixture.dstu2Patient), to: .r4)
        let family = try #require(r4["name"]?[index: 0]?["family"])
        #expect(family.stringValue != nil, "R4 HumanName.family must be a string, got \(family.compactText)")
    }

    @Test func r4MedicationFormMovesUnderProductAndStatusIsDropped() throws {
        let r4 = try Support.json(Fixture.r4Medication)
        let dstu2 = try VersionConversion.convert(r4, to: .dstu2)
        #expect(dstu2["status"] == nil)
        #expect(dstu2["form"] == nil)
        #expect(dstu2["product"] == ["form": try #require(r4["form"])])
        #expect(dstu2["code"] == r4["code"])
        let back = try VersionConversion.convert(dstu2, to: .r4)
        #expect(back["form"] == r4["form"])
        #expect(back["product"] == nil)
        var expected = try #require(r4.objectValue)
        expected["status"] = nil
        #expect(back == .object(expected))
    }

    @Test func dstu2MedicationProductFormComesUpToR4() throws {
        let dstu2 = try Support.json(Fixture.dstu2Medication)
        let r4 = try VersionConversion.convert(dstu2, to: .r4)
        #expect(r4["form"] == dstu2["product"]?["form"])
        #expect(r4["product"] == nil)
        #expect(r4["extension"] == dstu2["extension"])
    }

    @Test func medicationWithoutFormIsUnchangedApartFromStatus() throws {
        let r4: JSONValue = ["resourceType": "Medication", "status": "inactive", "code": ["text": "aspirin"]]
        #expect(
            try VersionConversion.convert(r4, to: .dstu2) == [
                "resourceType": "Medication", "code": ["text": "aspirin"],
            ])
        #expect(try VersionConversion.convert(r4, to: .r4) == r4)
    }

    @Test func observationCategoryListBecomesOneObject() throws {
        let r4 = try Support.json(Fixture.r4Observation)
        let dstu2 = try VersionConversion.convert(r4, to: .dstu2)
        #expect(dstu2["category"] == r4["category"]?[index: 0])
        #expect(dstu2["valueQuantity"] == r4["valueQuantity"])
        #expect(dstu2["component"] == r4["component"])
        let back = try VersionConversion.convert(dstu2, to: .r4)
        #expect(back["category"] == [try #require(r4["category"]?[index: 0])])
    }

    @Test func observationCategoryObjectBecomesAList() throws {
        let dstu2 = try Support.json(Fixture.dstu2Observation)
        let r4 = try VersionConversion.convert(dstu2, to: .r4)
        #expect(r4["category"] == [try #require(dstu2["category"])])
        #expect(try VersionConversion.convert(r4, to: .dstu2) == dstu2)
    }

    @Test(
        "resources neither version renames pass through",
        arguments: [
            Fixture.dstu2SearchBundle, Fixture.r4BatchResponseBundle, Fixture.dstu2OperationOutcome,
            Fixture.r4CapabilityStatement,
            Fixture.dstu2Conformance,
        ])
    func passThrough(_ text: String) throws {
        let json = try Support.json(text)
        for version in FHIRVersion.allCases {
            #expect(try VersionConversion.convert(json, to: version) == json)
        }
    }

    @Test func conversionReportsShapeErrors() throws {
        let json: JSONValue = ["resourceType": "Patient", "birthDate": "soon"]
        let error = #expect(throws: FHIRDecodingError.self) { try VersionConversion.convert(json, to: .dstu2) }
        #expect(error?.description == #"Patient.birthDate: expected a FHIR date or dateTime, found "soon""#)
    }

    @Test(
        "version facts",
        arguments: [
            (FHIRVersion.dstu2, "1.0.2", "application/json+fhir", "MedicationOrder", "Conformance", "DSTU2"),
            (.stu3, "3.0.2", "application/fhir+json", "MedicationRequest", "CapabilityStatement", "STU3"),
            (.r4, "4.0.1", "application/fhir+json", "MedicationRequest", "CapabilityStatement", "R4"),
            (.r5, "5.0.0", "application/fhir+json", "MedicationRequest", "CapabilityStatement", "R5"),
        ])
    func versionFacts(
        _ version: FHIRVersion, _ number: String, _ mime: String, _ order: String, _ capability: String, _ name: String
    ) {
        #expect(version.number == number)
        #expect(version.mimeType == mime)
        #expect(version.orderType == order)
        #expect(version.capabilityType == capability)
        #expect(version.displayName == name)
    }
}
