import FHIRModel
import Testing

/// DSTU2 ↔ R4 MedicationAdministration through the tutorial's ``Administration`` view.
@Suite("Version conversion: administrations")
struct AdministrationConversionTests {
    /// An R4 dose not taken, with only elements the view models.
    static let notDone = #"""
        {
          "resourceType": "MedicationAdministration",
          "id": "admin-9",
          "identifier": [{ "value": "A-9" }],
          "status": "not-done",
          "statusReason": [{ "text": "patient asleep" }],
          "medicationCodeableConcept": { "text": "Amoxicillin 500 mg" },
          "subject": { "reference": "Patient/iris-1" },
          "effectiveDateTime": "2019-03-02T19:00:00+01:00",
          "request": { "reference": "MedicationRequest/x" },
          "dosage": { "text": "one capsule", "dose": { "value": 1.50, "unit": "capsule" } }
        }
        """#

    static let r4OnlyKeys: Set<String> = [
        "subject", "request", "statusReason", "effectiveDateTime", "effectivePeriod", "dose",
    ]
    static let dstu2OnlyKeys: Set<String> = [
        "patient", "prescription", "wasNotGiven", "reasonNotGiven", "effectiveTimeDateTime", "effectiveTimePeriod",
        "quantity",
    ]

    @Test func notDoneBecomesWasNotGiven() throws {
        let dstu2 = try VersionConversion.convert(Support.json(Self.notDone), to: .dstu2)
        #expect(dstu2["status"] == "completed")
        #expect(dstu2["wasNotGiven"] == true)
        #expect(dstu2["reasonNotGiven"] == [["text": "patient asleep"]])
        #expect(dstu2["patient"] == ["reference": "Patient/iris-1"])
        #expect(dstu2["prescription"] == ["reference": "MedicationOrder/x"])
        #expect(dstu2["effectiveTimeDateTime"] == "2019-03-02T19:00:00+01:00")
        #expect(dstu2["dosage"] == ["text": "one capsule", "quantity": ["value": .number("1.50"), "unit": "capsule"]])
        #expect(Support.allKeys(in: dstu2).isDisjoint(with: Self.r4OnlyKeys))
        #expect(try DSTU2.MedicationAdministration(json: dstu2).json == dstu2)
    }

    @Test func unknownStatusBecomesADSTU2Code() throws {
        let unknown = Self.notDone.replacingOccurrences(of: "\"not-done\"", with: "\"unknown\"")
        let dstu2 = try VersionConversion.convert(Support.json(unknown), to: .dstu2)
        #expect(dstu2["status"] == "completed")
        #expect(dstu2["wasNotGiven"] == nil)
    }

    @Test func wasNotGivenBecomesNotDoneAndTheCycleIsLossless() throws {
        let original = try Support.json(Self.notDone)
        let dstu2 = try VersionConversion.convert(original, to: .dstu2)
        let back = try VersionConversion.convert(dstu2, to: .r4)
        #expect(back["status"] == "not-done")
        #expect(back["request"] == ["reference": "MedicationRequest/x"])
        #expect(Support.allKeys(in: back).isDisjoint(with: Self.dstu2OnlyKeys))
        #expect(back == original)
    }

    @Test func givenDoseKeepsItsStatusBothWays() throws {
        let dstu2 = try Support.json(
            #"""
            {"resourceType": "MedicationAdministration", "id": "a1", "status": "in-progress",
             "patient": {"reference": "Patient/p"}, "prescription": {"reference": "MedicationOrder/o1"},
             "effectiveTimePeriod": {"start": "2016-08-16T08:00:00Z"},
             "medicationReference": {"reference": "Medication/m"}, "dosage": {"quantity": {"value": 0.5, "unit": "mg"}}}
            """#)
        let r4 = try VersionConversion.convert(dstu2, to: .r4)
        #expect(r4["status"] == "in-progress")
        #expect(r4["wasNotGiven"] == nil)
        #expect(r4["subject"] == ["reference": "Patient/p"])
        #expect(r4["request"] == ["reference": "MedicationRequest/o1"])
        #expect(r4["effectivePeriod"] == ["start": "2016-08-16T08:00:00Z"])
        #expect(r4["dosage"] == ["dose": ["value": .number("0.5"), "unit": "mg"]])
        #expect(Support.allKeys(in: r4).isDisjoint(with: Self.dstu2OnlyKeys))
        #expect(try VersionConversion.convert(r4, to: .dstu2) == dstu2)
    }

    @Test func viewReadsTakenFromEitherVersion() throws {
        let r4 = try Support.decode(R4.MedicationAdministration.self, Fixture.r4MedicationAdministration)
        let fromR4 = Administration(r4)
        #expect(!fromR4.taken)
        #expect(fromR4.status == nil)
        #expect(fromR4.order?.reference == "MedicationRequest/request-amoxicillin")
        let dstu2 = try Support.decode(DSTU2.MedicationAdministration.self, Fixture.dstu2MedicationAdministration)
        let fromDSTU2 = Administration(dstu2)
        #expect(fromDSTU2.taken)
        #expect(fromDSTU2.status == "completed")
        #expect(fromDSTU2.dosage?.dose?.value?.text == "1.50")
        #expect(fromDSTU2.r4.status == "completed")
        #expect(fromDSTU2.r4.request?.reference == "MedicationRequest/order-metformin")
        #expect(fromDSTU2.r4.dosage?.doseKey == "dose")
        #expect(fromR4.dstu2.dosage?.doseKey == "quantity")
    }

    @Test(
        "prescription references are renamed only when they name an order",
        arguments: [
            ("MedicationRequest/x", "MedicationOrder/x"),
            ("MedicationOrder/x", "MedicationOrder/x"),
            ("http://fhir.example.org/r4/MedicationRequest/x/_history/2", "MedicationOrder/x"),
            ("Basic/x", "Basic/x"),
            ("#contained-order", "#contained-order"),
            ("urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0", "urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0"),
        ])
    func requestRetargeting(_ r4Reference: String, _ dstu2Reference: String) {
        var administration = Administration(id: "a")
        administration.order = Reference(reference: r4Reference, display: "the order")
        #expect(administration.dstu2.prescription == Reference(reference: dstu2Reference, display: "the order"))
    }

    @Test func referenceTargets() {
        #expect(Reference(reference: "Patient/p1").target?.type == "Patient")
        #expect(Reference(reference: "Patient/p1").target?.id == "p1")
        #expect(Reference(reference: "https://h/fhir/Patient/p1/_history/3").target?.id == "p1")
        #expect(Reference(reference: "#p1").target == nil)
        #expect(Reference(reference: "p1").target == nil)
        #expect(Reference(reference: "patient/p1").target == nil)
        #expect(Reference(display: "no literal").target == nil)
    }

    @Test func sameVersionPassesThrough() throws {
        let dstu2 = try Support.json(Fixture.dstu2MedicationAdministration)
        #expect(try VersionConversion.convert(dstu2, to: .dstu2) == dstu2)
        let r4 = try Support.json(Fixture.r4MedicationAdministration)
        #expect(try VersionConversion.convert(r4, to: .r4) == r4)
    }
}
