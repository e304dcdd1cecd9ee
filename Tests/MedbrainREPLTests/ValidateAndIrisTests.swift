import FHIRModel
import Foundation
import MedbrainREPL
import Testing

/// `validate` checks a resource without a server; `register` and `observe` are the Iris app's flow.
@Suite("Validate, register and observe")
struct ValidateAndIrisTests {
    @Test func anInvalidAdministrationListsEachProblemAndFails() async throws {
        let probe = Probe()
        let result = await probe.run(#"validate dstu2 {"resourceType":"MedicationAdministration","status":"done"}"#)
        #expect(result.errors == "error: 4 problems; a server would refuse it\n")
        #expect(result.output.hasPrefix("MedicationAdministration (DSTU2) is not valid:\n"))
        #expect(result.output.contains("  MedicationAdministration.patient: required\n"))
        #expect(result.output.contains("status"))
        #expect(result.output.contains("the tutorial's requirements: 0 of 4 met"))
        await probe.stop()
    }

    @Test func aValidResourceSaysWhichOfTheTutorialsRequirementsItMeets() async throws {
        let probe = Probe()
        let result = await probe.run(#"validate r4 {"resourceType":"Patient","id":"x","name":[{"family":"X"}]}"#)
        #expect(result.errors == "")
        #expect(result.output.hasPrefix("Patient (R4) is valid\nthe tutorial's requirements: "))
        await probe.stop()
    }

    /// A profile named before the resource is checked, as one the resource declares is: the
    /// tutorial's Table 3, and R4's own vital signs; one nobody knows here is an error.
    @Test func theProfilesNamedAndDeclaredAreChecked() async throws {
        let probe = Probe()
        let table3 = "http://medbrain.example/fhir/StructureDefinition/tutorial-medication-order"
        let order =
            #"{"resourceType":"MedicationRequest","status":"active","intent":"order","subject":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"m"}}"#
        let named = await probe.run("validate r4 \(table3) \(order)")
        #expect(
            named.output.contains("MedicationRequest.dosageInstruction: TutorialMedicationOrder requires at least 1"))
        #expect(named.errors == "error: 1 problem; a server would refuse it\n")
        let declared = order.replacingOccurrences(
            of: #""status""#, with: #""meta":{"profile":["\#(table3)"]},"status""#)
        #expect(await probe.run("validate r4 \(declared)").errors == "error: 1 problem; a server would refuse it\n")
        let unknown = await probe.run("validate r4 http://example.org/StructureDefinition/none \(order)")
        #expect(unknown.output.contains("not checked against http://example.org/StructureDefinition/none"))
        #expect(await probe.run("validate r4 not-a-url \(order)").errors.hasPrefix("error: usage: validate"))
        await probe.stop()
    }

    @Test func withoutAServerTheVersionMustBeSaid() async throws {
        let probe = Probe()
        let result = await probe.run(#"validate {"resourceType":"Patient"}"#)
        #expect(result.errors == "error: not connected, so say the version: validate dstu2|stu3|r4|r4b|r5 @FILE\n")
        await probe.stop()
    }

    @Test(arguments: FHIRVersion.allCases)
    func registeringTwiceMakesOnePatientAndStepsAreObserved(version: FHIRVersion) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin \(version.rawValue)"])
        let first = await probe.run("register Ada Lovelace --birth-date 1815-12-10 --gender female")
        #expect(first.output == "registered: Ada Lovelace (Patient/1); logged in\n")
        let again = await probe.run("register Ada Lovelace --birth-date 1815-12-10")
        #expect(again.output == "already registered: Ada Lovelace (Patient/1); logged in\n")
        let observed = await probe.run("observe steps 8000 at 2016-08-16T20:00:00+02:00")
        #expect(observed.output == "recorded 8000 steps at 2016-08-16T20:00:00+02:00: Observation/1\n")
        let observation = try JSONParser.parse(await probe.run("read Observation 1").output)
        #expect(observation["code"]?["coding"]?.arrayValue?.first?["code"] == "55423-8")
        #expect(observation["valueQuantity"]?["value"] == 8000)
        #expect(observation["subject"]?["reference"] == "Patient/1")
        let search = await probe.run("search Observation subject=Patient/1")
        #expect(search.output.contains("8000 steps"))
        await probe.stop()
    }

    @Test(arguments: [
        ("observe steps 100", "error: not logged in; 'login' first"),
        ("observe steps many", "error: a step count is a whole number, such as 8000; 'many' is not"),
        ("observe heartbeats 60", "error: usage: observe steps N [at DATE-TIME]"),
        ("register Ada", "error: usage: register GIVEN FAMILY [--birth-date D] [--gender G]"),
        ("register Ada Lovelace --gender", "error: --gender needs male, female, other or unknown"),
    ])
    func irisErrors(line: String, error: String) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        #expect(await probe.run(line).errors == error + "\n")
        await probe.stop()
    }
}
