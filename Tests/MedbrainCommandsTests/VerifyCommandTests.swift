import Foundation
import Testing

/// `medbrain verify`: every transcript in the repository matches, and a wrong one fails.
@Suite("medbrain verify")
struct VerifyCommandTests {
    static var transcripts: String { Medbrain.root.appendingPathComponent("transcripts").path }

    /// A copy of `name` from the repository, changed by `edit`, in a fresh folder.
    static func copy(_ name: String, edit: (String) -> String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-verify-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: transcripts + "/" + name, encoding: .utf8)
        let file = folder.appendingPathComponent(name)
        try edit(text).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func everyTranscriptInTheRepositoryMatches() async throws {
        let run = try await Medbrain.run(["verify", Self.transcripts])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasSuffix("steps: all match\n"))
    }

    @Test func oneWrongLineFailsWithItsPlaceAndADiff() async throws {
        let file = try Self.copy("tutorial-r4.txt") {
            $0.replacingOccurrences(of: "logged in as Dipl.-Ing.", with: "logged in as Dr.")
        }
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let login =
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0 == "medbrain> login" }.map { $0 + 1 } ?? 0
        let run = try await Medbrain.run(["verify", file.path])
        #expect(run.status == 1)
        #expect(
            run.output.contains("\(file.path):\(login): 'login' printed something else\n--- expected\n+++ actual\n"))
        #expect(run.output.contains("\n-logged in as Dr. Herbert Hannes Mustermann (Patient/f001)\n"))
        #expect(run.output.contains("\n+logged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)\n"))
        #expect(run.output.hasSuffix("1 transcript, 9 steps: 1 differ\n"))
    }

    @Test func recordRewritesTheStepsThatDifferAndKeepsPatterns() async throws {
        let file = try Self.copy("errors.txt") { $0.replacingOccurrences(of: "No prescriptions", with: "Nothing") }
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let recorded = try await Medbrain.run(["verify", "--record", file.path], environment: ["CI": ""])
        #expect(recorded.status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == (try String(contentsOfFile: Self.transcripts + "/errors.txt", encoding: .utf8)))
        #expect(text.contains("Medbrain [..], FHIR"))
    }

    @Test func recordingIsRefusedInCI() async throws {
        let run = try await Medbrain.run(["verify", "--record", Self.transcripts], environment: ["CI": "true"])
        #expect(run.status == 1)
        #expect(run.error == "Error: refusing to re-record transcripts with CI set\n")
    }

    @Test func aBrokenTranscriptNamesFileAndLine() async throws {
        let file = try Self.copy("json.txt") { $0.replacingOccurrences(of: "%server builtin r4", with: "%server mars") }
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try await Medbrain.run(["verify", file.path])
        #expect(run.status == 1)
        #expect(
            run.error
                == "Error: \(file.path):2: %server is 'builtin dstu2', 'builtin stu3', 'builtin r4', 'builtin r4b', 'builtin r5' or 'none'\n"
        )
    }

    /// A file far larger than any transcript is refused before it is read.
    @Test func aHugeFileIsNotATranscript() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-huge-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(count: 2 << 20).write(to: file)
        let run = try await Medbrain.run(["verify", file.path])
        #expect(run.status == 1)
        #expect(run.error == "Error: \(file.path) is larger than 1 MiB, the most this command reads\n")
    }

    /// A recorded session verifies as it was recorded, and a second recording is refused.
    @Test func recordThenVerify() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-record-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let script = "login\norders\nadminister 2 missed at 2016-08-16T08:00:00Z\ngroup day 2\nquit\n"
        let recorded = try await Medbrain.run(["record", "--fhir-version", "r4", file.path], input: script)
        #expect(recorded.status == 0)
        #expect(recorded.error == "recorded \(file.path)\n")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("% Recorded with medbrain record.\n%server builtin r4\n%now 2016-08-16T08:00:00Z\n"))
        #expect(text.contains("medbrain> administer 2 missed at 2016-08-16T08:00:00Z\nrecorded missed for order 2"))
        let verified = try await Medbrain.run(["verify", file.path])
        #expect(verified.status == 0, "\(verified.output)")
        let again = try await Medbrain.run(["record", file.path], input: "quit\n")
        #expect(again.status == 1)
        #expect(again.error == "Error: \(file.path) exists; --force replaces it\n")
    }
}

/// `medbrain lesson check`: a lesson of the repository's holds; a route the checks cannot tell
/// from a right one, a missing hint and a broken line are each reported.
@Suite("medbrain lesson check")
struct LessonCheckCommandTests {
    /// One small lesson of the repository's: the suite proves all of them in-process already.
    @Test func aLessonThatHolds() async throws {
        let file = Medbrain.root.appendingPathComponent("lessons/00-getting-around.lesson").path
        let run = try await Medbrain.run(["lesson", "check", file])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output == "ok    \(file)\n")
    }

    @Test func aLessonWithProblems() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID()).lesson")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        %server builtin dstu2
        # try: Log in
        > login
        also> login f002
        wrong> search Patient _id=f001
        wrong> login f001
        ? logged-in f001
        hint: only one
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try await Medbrain.run(["lesson", "check", file.path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                FAIL  \(file.path)
                  step 1 (Log in): an exercise needs two or more hints, graduated
                  step 1 (Log in), also route 1: did not complete the step (not logged in as Patient/f001 yet)
                  step 1 (Log in), wrong attempt 1: completed the step, so the checks cannot tell it from a right answer

                """)
        try "# Broken\n? nonsense".write(to: file, atomically: true, encoding: .utf8)
        let broken = try await Medbrain.run(["lesson", "check", file.path])
        #expect(broken.status == 1)
        #expect(broken.output.hasPrefix("FAIL  \(file.path)\n  \(file.path):2: unknown check 'nonsense'"))
    }
}
