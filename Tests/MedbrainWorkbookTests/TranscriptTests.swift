import FHIRModel
import Foundation
import Testing

@testable import MedbrainWorkbook

/// The transcript format: parsing, its errors, and the patterns expected output may use.
@Suite("Transcripts")
struct TranscriptTests {
    @Test func partsOfATranscript() throws {
        let text = """
            % a comment
            %server builtin r4
            %timezone Europe/Vienna
            medbrain> login
            logged in as [..]

            % narration before a step
            %pause the orders
            medbrain> orders
            %% a literal per cent
            ...
            """
        let transcript = try Transcript(parsing: text, file: "t.txt")
        #expect(transcript.header.server == .r4)
        #expect(transcript.header.timeZone == "Europe/Vienna")
        #expect(transcript.headerLines == ["% a comment", "%server builtin r4", "%timezone Europe/Vienna"])
        #expect(transcript.steps.map(\.command) == ["login", "orders"])
        #expect(transcript.steps.map(\.line) == [4, 9])
        #expect(transcript.steps[0].expected == ["logged in as [..]"])
        #expect(transcript.steps[1].expected == ["% a literal per cent", "..."])
        #expect(transcript.steps[1].pause == "the orders")
        #expect(transcript.steps[1].preamble == ["% narration before a step", "%pause the orders"])
    }

    @Test(arguments: [
        ("logged in", 1, "output before the first command"),
        ("medbrain> a\n%now yesterday", 2, "%now belongs in the header"),
        ("%now yesterday", 1, "%now needs a time such as 2016-08-16T08:00:00Z"),
        ("%width 5", 1, "%width is a number of columns from 20 to 1000"),
        ("%colour on", 1, "unknown directive %colour; known: %server, %now, %timezone, %width, %pause"),
        ("medbrain> a\nx\n% note\ny", 4, "output after a comment; comments go before a command"),
    ])
    func problemsNameTheLine(text: String, line: Int, problem: String) {
        #expect(throws: FileError(file: "t.txt", line: line, problem: problem)) {
            try Transcript(parsing: text, file: "t.txt")
        }
    }

    @Test(arguments: [
        (["a [..] c"], ["a b c"], true), (["a [..] c"], ["a c"], false), (["[..]"], [""], true),
        (["x", "...", "z"], ["x", "z"], true), (["x", "...", "z"], ["x", "1", "2", "z"], true),
        (["x", "...", "z"], ["x", "1"], false), (["..."], [], true), (["a"], ["a", "b"], false),
        (["id [[id]]", "again [[id]]"], ["id 7", "again 7"], true),
        (["id [[id]]", "again [[id]]"], ["id 7", "again 8"], false),
        (["literal [ bracket"], ["literal [ bracket"], true), (["[[]]"], ["[[]]"], true),
    ])
    func patterns(expected: [String], actual: [String], matches: Bool) {
        var captures: [String: String] = [:]
        #expect(OutputPattern(expected).match(actual, captures: &captures) == matches)
    }

    @Test func capturesCarryToLaterSteps() {
        var captures: [String: String] = [:]
        #expect(
            OutputPattern(["created MedicationAdministration/[[id]]"]).match(
                ["created MedicationAdministration/12"], captures: &captures))
        #expect(captures == ["id": "12"])
        #expect(
            TranscriptRun.fill("read MedicationAdministration/[[id]]", captures) == "read MedicationAdministration/12")
        #expect(!OutputPattern(["[[id]]"]).match(["13"], captures: &captures))
    }

    @Test func aUnifiedDiffOfOneStep() {
        let diff = LineDiff.unified(
            expected: ["a", "b [..]", "c"], actual: ["a", "b 2", "d"], expectedStart: 5,
            same: { pattern, line in
                var ignored: [String: String] = [:]
                return OutputPattern([pattern]).match([line], captures: &ignored)
            })
        #expect(diff == ["--- expected", "+++ actual", "@@ -5,3 +1,3 @@", " a", " b 2", "-c", "+d"])
    }

    @Test func theRedactedParts() {
        #expect(
            TranscriptRun.redact(
                "connected to http://127.0.0.1:4711/fhir\n> GET x -> 200 (12 ms)\n\n",
                bases: ["http://127.0.0.1:4711/fhir"])
                == ["connected to [BASE]", "> GET x -> 200 ([..] ms)"])
    }
}
