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
}
