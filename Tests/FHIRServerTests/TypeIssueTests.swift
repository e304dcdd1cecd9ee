import FHIRModel
import FHIRServer
import Testing

/// Every element of the wrong type is named at once (not one per attempt), each with its own
/// path, and an element reported for its type is not also called missing.
@Suite("validation reports every wrong type")
struct TypeIssueTests {
    @Test func everyWrongTypeIsReported() async throws {
        try await withServer(.dstu2) { client in
            let answer = try await client.send(
                "POST", "MedicationAdministration",
                body: """
                    {"resourceType":"MedicationAdministration","status":5,"wasNotGiven":"no",
                     "patient":{"reference":"Patient/f001"},"effectiveTimeDateTime":"yesterday",
                     "medicationCodeableConcept":{"text":"x"},"dosage":{"quantity":{"value":"one"}}}
                    """)
            #expect(answer.status == 422)
            let text = answer.outcomeText
            for problem in [
                "MedicationAdministration.status: expected a string",
                "MedicationAdministration.wasNotGiven: expected a boolean",
                "effectiveTimeDateTime: expected a FHIR date", "MedicationAdministration.dosage.quantity.value",
            ] {
                #expect(text.contains(problem), "\(problem) in \(text)")
            }
            #expect(!text.contains("required"), "\(text)")
        }
    }

    @Test func wrongTypesInsideArraysKeepTheirPaths() async throws {
        try await withServer(.r4) { client in
            let answer = try await client.send(
                "POST", "MedicationRequest",
                body: """
                    {"resourceType":"MedicationRequest","status":"active","intent":"order",
                     "subject":{"reference":"Patient/f001"},"medicationCodeableConcept":{"text":"x"},
                     "dosageInstruction":[{"timing":{"repeat":{"when":["MORN",7],"frequency":"two"}}}]}
                    """)
            #expect(answer.status == 422)
            let text = answer.outcomeText
            #expect(text.contains("MedicationRequest.dosageInstruction[0].timing.repeat.when[1]: expected a string"))
            #expect(
                text.contains("MedicationRequest.dosageInstruction[0].timing.repeat.frequency: expected an integer"))
        }
    }

    @Test func aWrongTypeAndABrokenRuleAreBothReported() async throws {
        try await withServer(.r4) { client in
            let answer = try await client.send(
                "POST", "Patient", body: #"{"resourceType":"Patient","active":"yes","gender":"woman"}"#)
            #expect(answer.status == 422)
            #expect(answer.outcomeText.contains("Patient.active: expected a boolean"))
            #expect(answer.outcomeText.contains("Patient.gender: unknown code 'woman'"))
        }
    }
}
