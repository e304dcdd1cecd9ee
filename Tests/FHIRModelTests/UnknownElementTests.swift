import FHIRModel
import Testing

/// Members the model does not know are kept where they were found, at any depth.
@Suite("Unknown elements are kept at every depth")
struct UnknownElementTests {
    @Test func patientKeepsExtensionsAndPrimitiveExtensions() throws {
        let patient = try Support.decode(Patient.self, Fixture.dstu2Patient)
        #expect(patient.extra.keys == ["extension", "_birthDate", "deceasedBoolean", "communication"])
        #expect(patient.birthDate == "1974-12-25")
        let name = try #require(patient.name.first)
        #expect(name.extra.keys == ["_given"])
        #expect(name.period?.extra.keys == ["extension"])
        #expect(patient.identifier.first?.type?.extra.keys == ["fhir_comments"])
        #expect(patient.identifier.first?.extra.keys == ["assigner"])
        #expect(patient.address.first?.extra.keys == ["extension"])
    }

    @Test func unknownMemberInsideTimingRepeatIsKeptInBothVersions() throws {
        let order = try Support.decode(DSTU2.MedicationOrder.self, Fixture.dstu2MedicationOrder)
        let dstu2Timing = try #require(order.dosageInstruction.first?.timing)
        #expect(dstu2Timing.repeat?.extra.keys == ["extension"])
        #expect(dstu2Timing.extra.keys == ["extension"])
        #expect(order.dosageInstruction.first?.extra.keys == ["rateRatio"])

        let request = try Support.decode(R4.MedicationRequest.self, Fixture.r4MedicationRequest)
        let r4Repeat = try #require(request.dosageInstruction.first?.timing?.repeat)
        #expect(r4Repeat.extra.keys == ["extension"])
        #expect(request.dosageInstruction.first?.doseAndRate.first?.extra.keys == ["rateQuantity"])
    }

    @Test func unknownMembersAreWrittenAfterTheModelledOnes() throws {
        let json = try Support.json(#"{"zeta": 1, "value": 1.50, "_value": {"extension": []}, "unit": "mg"}"#)
        let quantity = try Quantity(json: json, path: "Quantity")
        #expect(quantity.json.objectValue?.keys == ["value", "unit", "zeta", "_value"])
        #expect(quantity.json == json)
    }

    @Test func editingAModelledElementKeepsTheUnknownOnes() throws {
        var patient = try Support.decode(Patient.self, Fixture.r4Patient)
        patient.birthDate = "1975-01-01"
        patient.active = false
        let json = patient.json
        #expect(json["birthDate"] == "1975-01-01")
        #expect(json["active"] == false)
        #expect(json["_birthDate"] == (try Support.json(Fixture.r4Patient))["_birthDate"])
        #expect(json["maritalStatus"] != nil)
        #expect(json["name"]?[index: 0]?["_family"] != nil)
    }

    @Test func modelledValueWinsOverAnExtraWithTheSameName() {
        var coding = Coding(system: "http://loinc.org", code: "1234-5")
        coding.extra["code"] = "stale"
        coding.extra["note"] = "kept"
        #expect(coding.json == ["system": "http://loinc.org", "code": "1234-5", "note": "kept"])
    }

    @Test func bundleEntriesKeepTheirResourcesVerbatim() throws {
        let bundle = try Support.decode(Bundle.self, Fixture.r4BatchResponseBundle)
        let parsed = try Support.json(Fixture.r4BatchResponseBundle)
        #expect(bundle.entry.count == 2)
        #expect(bundle.entry[0].resource == parsed["entry"]?[index: 0]?["resource"])
        #expect(bundle.entry[1].response?.outcome == parsed["entry"]?[index: 1]?["response"]?["outcome"])
        #expect(bundle.entry[1].extra.keys == ["link"])
        #expect(bundle.entry[0].response?.extra.keys == ["extension"])
    }

    @Test func bundleEntryDecodesItsResourceOnRequest() throws {
        let bundle = try Support.decode(Bundle.self, Fixture.dstu2SearchBundle)
        let order = try #require(try bundle.entry[0].decodeResource(as: DSTU2.MedicationOrder.self))
        #expect(order.id == "order-metformin")
        #expect(order.patient?.reference == "Patient/iris-1")
        let patient = try #require(try bundle.entry[1].decodeResource(as: Patient.self))
        #expect(patient.name.first?.family == ["Mustermann"])
        #expect(bundle.entry.map { $0.search?.mode } == ["match", "include"])
        #expect(bundle.link("next") == "http://fhir.example.org/MedicationOrder?page=2")
        #expect(bundle.link("previous") == nil)
        #expect(bundle.extra.keys == ["signature"])
    }

    @Test func historyEntriesCarryRequestAndResponse() throws {
        let bundle = try Support.decode(Bundle.self, Fixture.dstu2HistoryBundle)
        #expect(bundle.entry.map { $0.request?.method } == ["PUT", "DELETE"])
        #expect(bundle.entry[0].request?.ifMatch == #"W/"1""#)
        #expect(bundle.entry[0].response?.lastModified == "2016-08-16T10:06:00Z")
        #expect(bundle.entry[1].response?.status == "204 No Content")
        #expect(bundle.entry[1].response?.extra.keys == ["fhir_comments"])
        #expect(bundle.entry[1].resource == nil)
    }
}
