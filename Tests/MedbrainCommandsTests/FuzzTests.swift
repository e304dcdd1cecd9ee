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
        #expect(
            run.output
                == "usage: medbrain-fuzz [INPUTS] [SEED] [PARSER]  (positive numbers; a parser's name or its start)\n")
    }

    @Test func anUnknownParserIsNamedWithTheParsersThereAre() async throws {
        let run = try await Self.fuzz(["10", "1", "nothing"])
        #expect(run.status == 2)
        #expect(run.output.contains("no parser is named nothing"))
        #expect(run.output.contains("FHIR JSON decoder"))
    }

    @Test func oneParserCanBeChosenByTheStartOfItsName() async throws {
        let run = try await Self.fuzz(["100", "1", "FHIR"])
        #expect(run.status == 0, "\(run.output.suffix(300))\(run.error.suffix(2000))")
        #expect(run.output.contains("FHIR JSON decoder: 100 inputs in"))
        #expect(!run.output.contains("lesson parser"))
    }

    static func fuzz(_ arguments: [String]) async throws -> Medbrain.Run {
        try await Medbrain.run(arguments, environment: ["MEDBRAIN_ROOT": Medbrain.root.path], program: "medbrain-fuzz")
    }
}
