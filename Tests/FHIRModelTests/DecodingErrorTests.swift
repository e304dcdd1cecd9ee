import FHIRModel
import Testing

/// JSON of the wrong FHIR shape: the error names the element path and what was wrong.
@Suite("FHIR decoding errors name the element")
struct DecodingErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: String
        let read: @Sendable (String) -> FHIRReadError?
        /// The error reading a tree of the same text gives (``read`` reads the tape).
        let readTree: @Sendable (String) -> FHIRDecodingError?
        var testDescription: String { name }

        init<T: FHIRResource>(_ name: String, _ type: T.Type, _ text: String, _ expected: String) {
            self.name = name
            self.text = text
            self.expected = expected
            read = { Support.readError(T.self, $0) }
            readTree = { text in
                do {
                    _ = try T(json: JSONParser.parse(text))
                    return nil
                } catch let error as FHIRDecodingError { return error } catch { return nil }
            }
        }
    }

    static func orderWithFrequency(_ frequency: String) -> String {
        #"""
        {"resourceType": "MedicationOrder", "status": "active",
         "dosageInstruction": [{"timing": {"repeat": {"frequency": \#(frequency), "period": 1, "periodUnits": "d"}}}]}
        """#
    }

    static let cases: [Case] = [
        Case(
            "frequency as a string", DSTU2.MedicationOrder.self, orderWithFrequency(#""two""#),
            "MedicationOrder.dosageInstruction[0].timing.repeat.frequency: expected an integer, found a string"),
        Case(
            "frequency as a fraction", DSTU2.MedicationOrder.self, orderWithFrequency("2.5"),
            "MedicationOrder.dosageInstruction[0].timing.repeat.frequency: expected an integer, found a number"),
        Case(
            "frequency as null", DSTU2.MedicationOrder.self, orderWithFrequency("null"),
            "MedicationOrder.dosageInstruction[0].timing.repeat.frequency: expected an integer, found null"),
        Case(
            "R4 when as a string", R4.MedicationRequest.self,
            #"{"resourceType": "MedicationRequest", "dosageInstruction": [{}, {"timing": {"repeat": {"when": "MORN"}}}]}"#,
            "MedicationRequest.dosageInstruction[1].timing.repeat.when: expected an array, found a string"),
        Case(
            "R4 when with a number", R4.MedicationRequest.self,
            #"{"resourceType": "MedicationRequest", "dosageInstruction": [{"timing": {"repeat": {"when": ["MORN", 7]}}}]}"#,
            "MedicationRequest.dosageInstruction[0].timing.repeat.when[1]: expected a string, found a number"),
        Case(
            "wrong resource type", DSTU2.MedicationOrder.self, #"{"resourceType": "MedicationRequest"}"#,
            "MedicationOrder.resourceType: expected MedicationOrder, found MedicationRequest"),
        Case(
            "DSTU2 order read as an R4 request", R4.MedicationRequest.self, #"{"resourceType": "MedicationOrder"}"#,
            "MedicationRequest.resourceType: expected MedicationRequest, found MedicationOrder"),
        Case(
            "capability of another type", CapabilityStatement.self, #"{"resourceType": "Patient"}"#,
            "CapabilityStatement.resourceType: expected CapabilityStatement or Conformance, found Patient"),
        Case("missing resource type", Patient.self, #"{"id": "p1"}"#, "Patient.resourceType: required"),
        Case(
            "resource type as a number", Patient.self, #"{"resourceType": 42}"#,
            "Patient.resourceType: expected a string, found a number"),
        Case(
            "document is an array", Patient.self, #"[{"resourceType": "Patient"}]"#,
            "Patient: expected an object, found an array"),
        Case(
            "array where an object is expected", DSTU2.MedicationOrder.self,
            #"{"resourceType": "MedicationOrder", "patient": [{"reference": "Patient/1"}]}"#,
            "MedicationOrder.patient: expected an object, found an array"),
        Case(
            "object where an array is expected", DSTU2.MedicationOrder.self,
            #"{"resourceType": "MedicationOrder", "dosageInstruction": {"text": "daily"}}"#,
            "MedicationOrder.dosageInstruction: expected an array, found an object"),
        Case(
            "array of the wrong kind", Patient.self, #"{"resourceType": "Patient", "name": [{"given": ["A"]}, "Doe"]}"#,
            "Patient.name[1]: expected an object, found a string"),
        Case(
            "bad effectiveDateTime", R4.MedicationAdministration.self,
            #"{"resourceType": "MedicationAdministration", "status": "completed", "effectiveDateTime": "yesterday"}"#,
            #"MedicationAdministration.effectiveDateTime: expected a FHIR date or dateTime, found "yesterday""#),
        Case(
            "bad DSTU2 effectiveTimeDateTime", DSTU2.MedicationAdministration.self,
            #"{"resourceType": "MedicationAdministration", "effectiveTimeDateTime": "2016-08-16T25:00:00Z"}"#,
            #"MedicationAdministration.effectiveTimeDateTime: expected a FHIR date or dateTime, found "2016-08-16T25:00:00Z""#
        ),
        Case(
            "bad period inside bounds", DSTU2.MedicationOrder.self,
            #"{"resourceType": "MedicationOrder", "dosageInstruction": [{"timing": {"repeat": {"boundsPeriod": {"start": "soon"}}}}]}"#,
            #"MedicationOrder.dosageInstruction[0].timing.repeat.boundsPeriod.start: expected a FHIR date or dateTime, found "soon""#
        ),
        Case(
            "bad birth date", Patient.self, #"{"resourceType": "Patient", "birthDate": "1974-02-30"}"#,
            #"Patient.birthDate: expected a FHIR date or dateTime, found "1974-02-30""#),
        Case(
            "date as a number", Observation.self, #"{"resourceType": "Observation", "effectiveDateTime": 2016}"#,
            "Observation.effectiveDateTime: expected a string, found a number"),
        Case(
            "boolean as a string", Patient.self, #"{"resourceType": "Patient", "active": "true"}"#,
            "Patient.active: expected a boolean, found a string"),
        Case(
            "decimal as a string", DSTU2.MedicationOrder.self,
            #"{"resourceType": "MedicationOrder", "dosageInstruction": [{"doseQuantity": {"value": "1.5"}}]}"#,
            "MedicationOrder.dosageInstruction[0].doseQuantity.value: expected a decimal number, found a string"),
        Case(
            "DSTU2 category as a string", Observation.self,
            #"{"resourceType": "Observation", "category": "vital-signs"}"#,
            "Observation.category: expected an array, found a string"),
        Case(
            "status as null", DSTU2.MedicationOrder.self, #"{"resourceType": "MedicationOrder", "status": null}"#,
            "MedicationOrder.status: expected a string, found null"),
        Case(
            "bundle entry resource as a string", Bundle.self,
            #"{"resourceType": "Bundle", "entry": [{"resource": "Patient/1"}]}"#,
            "Bundle.entry[0].resource: expected an object, found a string"),
        Case(
            "bundle total as a fraction", Bundle.self, #"{"resourceType": "Bundle", "total": 1.5}"#,
            "Bundle.total: expected an integer, found a number"),
        Case(
            "deep capability path", CapabilityStatement.self,
            #"{"resourceType": "Conformance", "rest": [{"resource": [{"type": "Patient", "searchParam": [{"name": true}]}]}]}"#,
            "CapabilityStatement.rest[0].resource[0].searchParam[0].name: expected a string, found a boolean"),
        Case(
            "choice value of the wrong kind", R4.MedicationRequest.self,
            #"{"resourceType": "MedicationRequest", "dosageInstruction": [{"asNeededBoolean": "yes"}]}"#,
            "MedicationRequest.dosageInstruction[0].asNeededBoolean: expected a boolean, found a string"),
    ]

    @Test("reports", arguments: cases)
    func reports(_ example: Case) throws {
        let failure = try #require(example.read(example.text))
        guard case .shape(let error) = failure else {
            Issue.record("expected a shape error, got \(failure)")
            return
        }
        #expect(error.description == example.expected)
        #expect(failure.description == example.expected)
    }

    @Test("a tree gives the same error", arguments: cases)
    func treeReportsAlike(_ example: Case) throws {
        #expect(example.readTree(example.text)?.description == example.expected)
    }

    @Test func frequencyErrorHasPathAndMessageApart() throws {
        let failure = Support.readError(DSTU2.MedicationOrder.self, Self.orderWithFrequency(#""two""#))
        let expected = FHIRDecodingError(
            path: "MedicationOrder.dosageInstruction[0].timing.repeat.frequency",
            message: "expected an integer, found a string")
        #expect(failure == .shape(expected))
    }

    @Test func directJSONEntryPointThrowsTheDecodingError() throws {
        let json = try Support.json(Self.orderWithFrequency(#""two""#))
        let error = #expect(throws: FHIRDecodingError.self) { try DSTU2.MedicationOrder(json: json) }
        #expect(error?.path == "MedicationOrder.dosageInstruction[0].timing.repeat.frequency")
    }

    @Test func elementPathStartsWhereTheCallerSays() throws {
        let json = try Support.json(#"{"resourceType": "Patient", "gender": 1}"#)
        let error = #expect(throws: FHIRDecodingError.self) {
            try Patient(json: json, path: "Bundle.entry[3].resource")
        }
        #expect(error?.description == "Bundle.entry[3].resource.gender: expected a string, found a number")
    }

    @Test func bundleEntryDecodingNamesTheEntry() throws {
        let bundle = try Support.decode(
            Bundle.self, #"{"resourceType": "Bundle", "entry": [{"resource": {"resourceType": "Medication"}}]}"#)
        let error = #expect(throws: FHIRDecodingError.self) {
            try bundle.entry[0].decodeResource(as: Patient.self, path: "Bundle.entry[0].resource")
        }
        #expect(error?.description == "Bundle.entry[0].resource.resourceType: expected Patient, found Medication")
    }
}
