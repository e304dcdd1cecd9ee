import Foundation
import Testing

/// The fuzzer runs in every test run on a small scale (`scripts/fuzz` runs a million inputs
/// per parser): a crash in any parser fails this test with the parser's name.
@Suite("medbrain-fuzz")
struct FuzzTests {
    @Test func everyParserSurvivesMutatedInputs() async throws {
        let run = try await Self.fuzz(["1000", "20261123"])
        #expect(run.status == 0, "\(run.output.suffix(300))\(run.error.suffix(2000))")
        for parser in ["command words", "lesson parser", "transcript parser", "FHIR JSON decoder"] {
            #expect(run.output.contains("\(parser): 1000 inputs in"), "\(parser) did not finish")
        }
    }

    @Test func aBadArgumentIsUsage() async throws {
        let run = try await Self.fuzz(["many"])
        #expect(run.status == 2)
        #expect(run.output == "usage: medbrain-fuzz [INPUTS] [SEED]  (positive numbers)\n")
    }

    static func fuzz(_ arguments: [String]) async throws -> Medbrain.Run {
        try await Medbrain.run(arguments, environment: ["MEDBRAIN_ROOT": Medbrain.root.path], program: "medbrain-fuzz")
    }
}
