import FHIRModel
import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// A server's refusal is shown whole: every issue of its OperationOutcome on its own line, not
/// one line cut short, and the outcome becomes the last result, which `show` and `fhirpath` read.
@Suite("A refusal, whole")
struct RefusalOutcomeTests {
    @Test func everyIssueIsShownAndTheOutcomeIsTheLastResult() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "read Patient f001"])
        let refused = await probe.run(#"create Observation {"status":"bogus"}"#)
        let lines = refused.errors.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: the server answered 422 with ") == true, "\(refused.errors)")
        #expect(lines.count >= 3, "\(refused.errors)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  error: ") }, "\(refused.errors)")
        #expect(!refused.errors.contains("…"))
        // The issues shown are the outcome's, which is now the last result.
        #expect(await probe.run("fhirpath issue.count()").output == "integer  \(lines.count - 1)\n")
        #expect(await probe.run("show").output.contains("OperationOutcome"))
        await probe.stop()
    }

    @Test func oneIssueStaysOneLineAndIsKeptToo() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let refused = await probe.run(#"create Patient {"gender":"dog"}"#)
        #expect(
            refused.errors
                == "error: the server answered 422: error: Patient.gender: unknown code 'dog'; expected one of male, female, other, unknown\n"
        )
        #expect(await probe.run("fhirpath issue.expression").output.contains("Patient.gender"))
        await probe.stop()
    }

    /// A command that fails before it sends anything leaves the last result as it was.
    @Test func aFailureWithoutARefusalKeepsTheLastResult() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "read Patient f001"])
        #expect(await probe.run("search Patient family").errors.hasPrefix("error: a search parameter is NAME=VALUE"))
        #expect(await probe.run("fhirpath id").output == "id  f001\n")
        await probe.stop()
    }

    /// The advice for a type the server does not list never costs what was loaded: it reads the
    /// CapabilityStatement, which lists the types, instead of connecting again.
    @Test func anUnknownTypeIsAnsweredWithWhereTheTypesAreListed() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let unknown = await probe.run("count Zzzzzzzzzzzz")
        #expect(
            unknown.errors
                == "error: the server lists no resource type 'Zzzzzzzzzzzz'; 'get metadata' then 'fhirpath rest.resource.type' lists the ones it has\n"
        )
        try await probe.setUp(["get metadata"])
        let types = await probe.run("fhirpath rest.resource.type")
        #expect(types.output.contains("Patient") && types.output.contains("MedicationRequest"))
        await probe.stop()
    }
}
