import FHIRModel
import Foundation
import Testing

/// Resources also work with Foundation's coders; numbers then travel as `Double`, so decimals
/// come back equal in value though not always in spelling.
@Suite("Codable with Foundation's JSONEncoder and JSONDecoder")
struct CodableTests {
    @Test("encode with JSONEncoder, decode with JSONDecoder", arguments: RoundTripCase.all)
    func foundationRoundTrip(_ fixture: RoundTripCase) throws {
        let original = try fixture.decode(fixture.text)
        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(Support.numericallyEqual(decoded, original))
    }

    @Test func orderSurvivesFoundationCodersWithDecimalsEqualInValue() throws {
        let order = try Support.decode(DSTU2.MedicationOrder.self, Fixture.dstu2MedicationOrder)
        let data = try JSONEncoder().encode(order)
        let decoded = try JSONDecoder().decode(DSTU2.MedicationOrder.self, from: data)
        #expect(Support.numericallyEqual(decoded.json, order.json))
        #expect(decoded.id == order.id)
        #expect(decoded.patient == order.patient)
        #expect(decoded.medication == order.medication)
        #expect(decoded.dosageInstruction.first?.timing?.repeat?.frequency == 2)
        guard case .quantity(let dose)? = decoded.dosageInstruction.first?.dose else {
            Issue.record("expected doseQuantity")
            return
        }
        #expect(dose.value?.doubleValue == 1.5)
        #expect(dose.value?.decimalValue == Decimal(string: "1.50"))
    }

    @Test func resourceWithoutFractionsComesBackIdentical() throws {
        let text = #"""
            {"resourceType": "Patient", "id": "p1", "active": true, "gender": "female", "birthDate": "1974-12-25",
             "name": [{"family": ["Doe"], "given": ["Jane"]}], "telecom": [{"system": "phone", "value": "555", "rank": 2}],
             "extension": [{"url": "http://example.org/x", "valueInteger": -3}, {"url": "http://example.org/y", "valueString": null}]}
            """#
        let patient = try Support.decode(Patient.self, text)
        let decoded = try JSONDecoder().decode(Patient.self, from: JSONEncoder().encode(patient))
        #expect(decoded == patient)
        #expect(decoded.name.first?.familyIsList == true)
    }

    @Test func resourcesNestInsideOtherCodableTypes() throws {
        struct Envelope: Codable, Equatable {
            var note: String
            var medication: Medication
            var outcome: OperationOutcome?
        }
        let medication = try Support.decode(
            Medication.self, #"{"resourceType": "Medication", "id": "m1", "code": {"text": "aspirin"}}"#)
        let outcome = OperationOutcome(issue: [
            OperationOutcomeIssue(severity: "error", code: "invalid", diagnostics: "bad")
        ])
        let envelope = Envelope(note: "n", medication: medication, outcome: outcome)
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }

    @Test func encoderOutputIsPlainJSONOfTheResource() throws {
        let medication = Medication(id: "m1", code: CodeableConcept(text: "aspirin"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(medication), as: UTF8.self)
        #expect(text == #"{"code":{"text":"aspirin"},"id":"m1","resourceType":"Medication"}"#)
        #expect(try JSONParser.parse(text) == medication.json)
    }

    @Test func decoderReportsTheFHIRShapeError() throws {
        let data = Data(#"{"resourceType": "Patient", "active": "yes"}"#.utf8)
        let error = #expect(throws: FHIRDecodingError.self) { try JSONDecoder().decode(Patient.self, from: data) }
        #expect(error?.description == "Patient.active: expected a boolean, found a string")
        #expect(throws: FHIRDecodingError.self) {
            try JSONDecoder().decode(Medication.self, from: Data(#"{"resourceType": "Patient"}"#.utf8))
        }
    }

    @Test(
        "scalars through Foundation",
        arguments: [
            ("null", JSONValue.null), ("true", true), ("false", false), ("7", 7), ("-2", -2), ("\"x\"", "x"),
            ("[]", .array([])),
            ("0.5", .number("0.5")), ("1.50", .number("1.5")),
        ])
    func scalars(_ text: String, _ expected: JSONValue) throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == expected)
        let reencoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(decoded))
        #expect(reencoded == expected)
    }
}
