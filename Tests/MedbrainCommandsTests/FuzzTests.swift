import Foundation
import Testing

/// The fuzzer runs in every test run on a small scale (`scripts/fuzz` runs a million inputs
/// per parser): a crash in any parser fails this test with the parser's name.
@Suite("medbrain-fuzz")
struct FuzzTests {
    @Test func everyParserSurvivesMutatedInputs() throws {
        let run = try Medbrain.run(
            ["5000", "20261123"], environment: ["MEDBRAIN_ROOT": Medbrain.root.path], program: "medbrain-fuzz")
        #expect(run.status == 0, "\(run.output.suffix(300))\(run.error.suffix(2000))")
        for parser in ["command words", "lesson parser", "transcript parser", "FHIR JSON decoder"] {
            #expect(run.output.contains("\(parser): 5000 inputs in"), "\(parser) did not finish")
        }
    }

    @Test func aBadArgumentIsUsage() throws {
        let run = try Medbrain.run(["many"], program: "medbrain-fuzz")
        #expect(run.status == 2)
        #expect(run.output == "usage: medbrain-fuzz [INPUTS] [SEED]  (positive numbers)\n")
    }
}
