import Foundation
import Testing

/// `medbrain instructions` run as users run it: the built executable, its output and exit status.
@Suite("medbrain instructions")
struct InstructionsCommandTests {
    static let order = """
        {"resourceType": "MedicationRequest", "id": "o1", "status": "active", "intent": "order",
         "subject": {"reference": "Patient/p"}, "medicationCodeableConcept": {"text": "Aspirin"},
         "dosageInstruction": [
           {"doseAndRate": [{"doseQuantity": {"value": 1, "code": "{tbl}"}}],
            "timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d", "boundsDuration": {"value": 7, "system": "http://unitsofmeasure.org", "code": "d"}}}},
           {"timing": {"repeat": {"when": ["HS"]}}}]}
        """

    @Test func printsOneLinePerDosage() async throws {
        let run = try await Medbrain.run(["instructions", "-"], input: Self.order)
        #expect(run.status == 0)
        #expect(run.output == "1 tablet twice a day for 7 days\nAt bedtime\n")
        #expect(run.error.isEmpty)
    }

    @Test func speaksGermanAndReadsFiles() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-order-\(UUID()).json")
        try Self.order.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await Medbrain.run(["instructions", "--lang", "de", file.path])
        #expect(run.output == "1 Tablette zweimal täglich für 7 Tage\nVor dem Schlafengehen\n")
    }

    @Test func breakdownShowsPartsAndElements() async throws {
        let run = try await Medbrain.run(["instructions", "--breakdown"], input: Self.order)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "order o1, Aspirin, dosageInstruction[0] (R4)")
        #expect(lines.contains("  1 tablet twice a day for 7 days"))
        #expect(
            lines.contains {
                $0.hasPrefix("    frequency") && $0.contains("timing.repeat.{frequency, period, periodUnit}")
                    && $0.hasSuffix("twice a day")
            })
        #expect(lines.contains { $0.hasPrefix("    bounds") && $0.contains("timing.repeat.boundsDuration") })
    }

    @Test(arguments: [
        (
            #"{"timing": {"repeat": {"frequency": "2"}}}"#,
            "Error: standard input: Dosage.timing.repeat.frequency: expected an integer, found a string\n"
        ),
        (
            #"{"timing": "#,
            "Error: standard input: malformed JSON at line 1, column 12: unexpected end of input, expected a value\n"
        ),
        ("", "Error: standard input is empty: pipe JSON into it or give a FILE\n"),
    ])
    func badInputIsOneLineAndStatusOne(input: String, message: String) async throws {
        let run = try await Medbrain.run(["instructions"], input: input)
        #expect(run.status == 1)
        #expect(run.error == message)
        #expect(run.output.isEmpty)
    }

    @Test func anUnknownLanguageIsAUsageError() async throws {
        let run = try await Medbrain.run(["instructions", "--lang", "tlh"], input: Self.order)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("Error: unknown language 'tlh'; available: de, en\n"))
    }
}

/// `medbrain` without a subcommand: the REPL, here fed a script through a pipe.
@Suite("medbrain < script")
struct PipedREPLTests {
    @Test func theStepsRunWithoutPromptsAndExitZero() async throws {
        let run = try await Medbrain.run(
            ["--fhir-version", "r4"], input: "login\norders  # the prescriptions\ninstructions 4\nquit\n")
        #expect(run.status == 0)
        #expect(!run.output.contains("medbrain>"))
        #expect(run.output.contains("logged in as"))
        #expect(run.output.contains("1 tablet by mouth once a day 30 minutes before breakfast"))
        #expect(run.error.isEmpty)
    }

    @Test func aFailingCommandMakesTheExitStatusOneAfterTheRest() async throws {
        let run = try await Medbrain.run([], input: "ordres\nlogin\nwhoami\n")
        #expect(run.status == 1)
        #expect(run.error == "error: unknown command 'ordres'; did you mean 'orders'?\n")
        #expect(run.output.contains("born    1961-12-24"))
    }
}
