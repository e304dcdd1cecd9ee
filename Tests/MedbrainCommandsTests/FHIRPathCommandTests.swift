import Foundation
import Testing

/// `medbrain fhirpath` run as users run it: the built executable, its output and exit status.
@Suite("medbrain fhirpath")
struct FHIRPathCLITests {
    static let order = """
        {"resourceType": "MedicationRequest", "id": "o1", "status": "active", "intent": "order",
         "subject": {"reference": "Patient/p"}, "medicationCodeableConcept": {"text": "Aspirin"},
         "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {"value": 1.5, "unit": "g",
           "system": "http://unitsofmeasure.org", "code": "g"}}]}]}
        """

    @Test func printsTypesAndValues() async throws {
        let run = try await Medbrain.run(
            ["fhirpath", "id | status | dosageInstruction.doseAndRate.dose", "-"], input: Self.order)
        #expect(run.status == 0)
        #expect(run.output == "id        o1\ncode      active\nQuantity  1.5 'g'\n")
        #expect(run.error.isEmpty)
    }

    @Test func printsOneJSONArray() async throws {
        let run = try await Medbrain.run(
            [
                "fhirpath", "--format", "json", "dosageInstruction.doseAndRate.dose.value * %n | subject", "--var",
                "n=2",
            ],
            input: Self.order)
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        #expect(json?.count == 2)
        #expect(json?.first?["type"] as? String == "decimal")
        #expect((json?.last?["reference"] as? String) == "Patient/p")
    }

    /// A `--var` number beyond FHIRPath's 32-bit integers is a decimal, the smallest Int too
    /// (whose magnitude does not fit an Int).
    @Test(arguments: [
        ("n=-9223372036854775808", "decimal  -9223372036854775808\n"), ("n=-2147483648", "integer  -2147483648\n"),
        ("n=2147483648", "decimal  2147483648\n"),
    ])
    func variablesOfEverySize(definition: String, output: String) async throws {
        let run = try await Medbrain.run(["fhirpath", "%n", "--var", definition], input: Self.order)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == output)
    }

    @Test(arguments: [
        (
            ["fhirpath", "dosageInstruction.where("],
            "Error: fhirpath: 1:25: expected an expression, found the end of the expression\n"
        ),
        (["fhirpath", "subject.reference.matches('[')"], "Error: fhirpath: '[' is not a valid regular expression\n"),
        (["fhirpath", "id", "--var", "novalue"], "Error: --var needs NAME=VALUE, not 'novalue'\n"),
    ])
    func errorsAreOneLineAndStatusOne(arguments: [String], error: String) async throws {
        let run = try await Medbrain.run(arguments, input: Self.order)
        #expect(run.status != 0)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix(error), "\(run.error)")
    }

    /// An expression that reads no resource needs no file, and nothing is read from standard
    /// input for it; one that reads a resource still asks for one.
    @Test func anExpressionThatReadsNoResourceNeedsNoFile() async throws {
        let sum = try await Medbrain.run(["fhirpath", "1 + 1"])
        #expect(sum.status == 0, "\(sum.error)")
        #expect(sum.output == "integer  2\n")
        let name = try await Medbrain.run(["fhirpath", "name.given"])
        #expect(name.status != 0)
        #expect(name.error.hasPrefix("Error: standard input is empty: pipe JSON into it or give a FILE"))
    }

    /// `-3 != 3` is an expression, not an option, with `--` before it or without; a misspelt
    /// option is refused and the error says where an expression beginning with '-' may go.
    @Test(arguments: [
        ["fhirpath", "-3 != 3"], ["fhirpath", "--", "-3 != 3"], ["fhirpath", "--format", "text", "-3 != 3"],
    ])
    func anExpressionMayBeginWithAMinus(arguments: [String]) async throws {
        let run = try await Medbrain.run(arguments)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "boolean  true\n")
    }

    @Test func aMisspeltOptionIsRefused() async throws {
        let run = try await Medbrain.run(["fhirpath", "--formt", "json", "1"])
        #expect(run.status != 0)
        #expect(
            run.error.hasPrefix(
                "Error: Unknown option '--formt' (an expression that begins with '-' may also follow '--')"))
    }

    /// The suite's LowBoundaryDateTimeMillisecond3: a DateTime cut to the day is a FHIR dateTime
    /// without its `T`, in text and in JSON.
    @Test func aPartialDateTimeIsWrittenAsFHIRWritesIt() async throws {
        let text = try await Medbrain.run(["fhirpath", "@2014-01-01T08.lowBoundary(8)"])
        #expect(text.output == "dateTime  2014-01-01\n")
        let json = try await Medbrain.run(["fhirpath", "--format", "json", "@2014-01-01T08.lowBoundary(8)"])
        #expect(json.output.contains("\"value\": \"2014-01-01\""), "\(json.output)")
    }

    @Test func anEvaluationPastItsTimeLimitStopsWithAnError() async throws {
        let items = (1...100_000).map(String.init).joined(separator: ",")
        let run = try await Medbrain.run(
            ["fhirpath", "--time-limit", "0.001", "item.where($this > 0).select($this * 2).count()", "-"],
            input: "{\"item\": [\(items)]}")
        #expect(run.status != 0)
        #expect(
            run.error.hasPrefix(
                "Error: fhirpath: stopped after 0.001 s, the time limit of one evaluation (--time-limit SECONDS changes it)"
            ), "\(run.error)")
    }
}
