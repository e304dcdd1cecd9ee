import FHIRModel
import Foundation
import MedbrainREPL
import Testing

/// `instructions JSON` says a Timing or Dosage the student wrote, in the release its members
/// say; a lesson can withhold the orders' own sentences so the student reads the Timing.
@Suite("instructions of the student's own JSON")
struct InstructionsInputTests {
    @Test(arguments: [
        (
            #"{"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "boundsDuration": {"value": 5, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"}}}"#,
            "3 times a day for 5 days"
        ),
        // DSTU2's names say the same.
        (
            #"{"repeat": {"frequency": 3, "period": 1, "periodUnits": "d", "boundsQuantity": {"value": 5, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"}}}"#,
            "3 times a day for 5 days"
        ),
        (
            #"{"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["ACM"], "offset": 30}}"#,
            "Once a day 30 minutes before breakfast"
        ),
        (
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet"}}]}"#,
            "1 tablet twice a day"
        ),
    ])
    func saysTheStudentsJSON(json: String, sentence: String) async throws {
        let probe = Probe()
        let (output, errors) = await probe.run("instructions \(json)")
        #expect(errors == "")
        #expect(output == sentence + "\n")
        #expect(probe.repl.lastSaid == [sentence])
        await probe.stop()
    }

    @Test(arguments: [
        (
            #"instructions {"repeat": "#,
            "error: the JSON on the line: malformed JSON at line 1, column 11: unexpected end of input, expected a value\n"
        ),
        (
            #"instructions {"resourceType": "Patient"}"#,
            "error: expected a DosageInstruction, Dosage, Timing, MedicationOrder or MedicationRequest (or a Bundle of orders), found a Patient\n"
        ),
    ])
    func badJSONIsOneLine(line: String, error: String) async throws {
        let probe = Probe()
        #expect(await probe.run(line).errors == error)
        await probe.stop()
    }

    @Test func withheldSentencesAreNotShown() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "login", "orders"])
        probe.repl.instructionsWithheld = true
        #expect(await probe.run("orders").output.contains("(yours to read from the Timing)"))
        #expect(!(await probe.run("orders").output.contains("twice a day")))
        #expect(await probe.run("order 1").output.contains("dosage 1   (yours to read from the Timing)"))
        #expect(
            await probe.run("instructions 1").errors.hasPrefix("error: in this lesson you read the Timing yourself"))
        // The student's own JSON is still said, when no order says the same.
        #expect(
            await probe.run(#"instructions {"repeat": {"frequency": 5, "period": 1, "periodUnit": "wk"}}"#).output
                == "5 times a week\n")
        #expect(
            await probe.run(#"instructions {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}"#).errors
                .hasPrefix("error: that says what order "))
        // An order's own Timing, copied from its JSON, is the answer itself; so is the order.
        let copied =
            #"instructions {"repeat": {"duration": 4, "durationMax": 6, "durationUnit": "h", "frequency": 1, "#
            + #""period": 1, "periodUnit": "d"}}"#
        #expect(await probe.run(copied).errors.hasPrefix("error: that says what order "))
        #expect(
            await probe.run(
                #"instructions {"timing": {"repeat": {"periodUnit": "d", "period": 1, "durationUnit": "h", "#
                    + #""durationMax": 6, "duration": 4, "frequency": 1}}}"#
            ).errors.hasPrefix("error: that says what order "))
        #expect(
            await probe.run(#"instructions {"resourceType": "MedicationRequest", "status": "active"}"#).errors
                .hasPrefix("error: in this lesson 'instructions' says only a Timing or Dosage you write"))
        probe.repl.instructionsWithheld = false
        #expect(await probe.run("instructions 1").output.contains("twice a day"))
        #expect(await probe.run(copied).errors.isEmpty)
        await probe.stop()
    }

    /// A session restarted to withhold the sentences gets servers whose orders lack the free
    /// text that states them, whichever route reads them.
    @Test func withheldSentencesAreNotInTheData() async throws {
        let probe = Probe()
        try await probe.repl.restart(now: nil, timeZone: "Europe/Vienna", seed: nil, withholdsInstructions: true)
        try await probe.setUp(["connect builtin r4"])
        for release in ["r4", "dstu2"] {
            try await probe.setUp(["connect builtin \(release)"])
            let type = release == "r4" ? "MedicationRequest" : "MedicationOrder"
            #expect(await probe.run("get \(type)?_count=100").errors.isEmpty)
            let texts = await probe.run("fhirpath entry.resource.dosageInstruction.text.count()").output
            #expect(texts.contains("0"), "\(release): \(texts)")
            #expect(
                await probe.run("fhirpath entry.resource.dosageInstruction.timing.repeat.exists()").output.contains(
                    "true"))
        }
        await probe.stop()
    }
}
