import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// A student's way through the workbook across sessions: resuming, failing on purpose,
/// finishing and coming back.
@Suite("Lessons across sessions", .serialized)
struct LessonSessionTests {
    /// A REPL with the workbook, its progress kept at `path` (nil: in memory).
    static func session(progress path: String?) -> (REPL, LessonCommands, Printed) {
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil))
        let lessons = LessonCommands(workbook: LessonTests.workbook, progressPath: path)
        repl.extensions = [lessons]
        return (repl, lessons, printed)
    }

    /// Each lesson's transcript types exactly the lesson's solution, so `verify` tests the
    /// lesson a student reads.
    @Test(arguments: LessonTests.workbook.lessons)
    func theTranscriptTypesTheSolution(lesson: Lesson) throws {
        let path = LessonTests.folder + "/../transcripts/lessons/\(lesson.id).txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let transcript = try Transcript(parsing: text, file: path)
        let solution = ["lesson \(lesson.number!)"] + lesson.steps.flatMap(\.commands)
        #expect(transcript.steps.map(\.command) == solution)
    }

    /// A new session names the unfinished lesson; resuming it runs the earlier steps again,
    /// quietly, so the step at hand finds the session as it was left.
    @Test func resumingRebuildsTheSession() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-resume-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (first, _, _) = Self.session(progress: path)
        for line in ["lesson 7", "login", "orders", "administer 1 taken at 2016-08-16T20:00:00+02:00"] {
            #expect(await first.execute(line))
        }
        await first.shutdown()

        let (repl, lessons, printed) = Self.session(progress: path)
        #expect(lessons.resumeNote == "Lesson 7 (Record a dose) is at step 3 of 4: 'lesson 7' resumes it.")
        #expect(!(await repl.execute("hint")))
        #expect(printed.text == "error: lesson 7 is not open in this session; 'lesson 7' resumes it\n")
        #expect(await repl.execute("lesson 7"))
        #expect(printed.text.contains("(Steps 1–2 ran again, so the session is where you left it.)\n\nStep 3 of 4"))
        #expect(!printed.text.contains("logged in as"))
        #expect(repl.state.patientID == "f001")
        #expect(repl.state.ordersListed == 11)
        #expect(await repl.execute("administer 11 missed at 2016-08-16T08:00:00+02:00"))
        #expect(printed.text.contains("Step 3 done."))
        await repl.shutdown()
    }

    /// A step whose point is an error is done when the command fails; a failure elsewhere
    /// earns no "still to do", its error says enough.
    @Test func aFailureCanBeTheStep() async throws {
        let (repl, _, printed) = Self.session(progress: nil)
        for line in ["lesson 2", "next", "next", "next"] { await repl.execute(line) }
        #expect(!(await repl.execute("order 99")))
        #expect(!printed.text.contains("still to do"))
        #expect(!(await repl.execute("connect http://127.0.0.1:1/fhir")))
        #expect(printed.text.contains("connection refused\nStep 4 done.\n\nStep 5 of 5: Connect again"))
        #expect(await repl.execute("whoami") == false)
        #expect(await repl.execute("set lang en"))
        #expect(printed.text.hasSuffix("(still to do: not connected yet)\n"))
        await repl.shutdown()
    }

    /// A finished lesson is not checked again; started anew it begins at step 1 and keeps
    /// its mark, and `progress` points to the next one.
    @Test func aFinishedLesson() async throws {
        let (repl, lessons, printed) = Self.session(progress: nil)
        let lesson = try #require(LessonTests.workbook.lesson("0"))
        await repl.execute("lesson 0")
        for command in lesson.steps.flatMap(\.commands) { await repl.execute(command) }
        #expect(printed.text.hasSuffix("Next: 'lesson 1', The resources the app needs.\n"))
        await repl.execute("help")
        #expect(printed.text.components(separatedBy: "Well done").count == 2)
        await repl.execute("check")
        await repl.execute("progress")
        #expect(
            printed.text.hasSuffix(
                "You finished this lesson.\nNext: 'lesson 1', The resources the app needs.\n1 of 10 lessons finished.\n"
                    + "Lesson 0, Getting around the REPL, is finished.\nNext: 'lesson 1', The resources the app needs.\n"
            ))
        await repl.execute("lesson 0")
        #expect(printed.text.contains("Step 1 of \(lesson.steps.count): \(lesson.steps[0].title)"))
        #expect(lessons.progress.lessons[lesson.id] == LessonProgress.Entry(step: 0, finished: true))
        #expect(lessons.resumeNote == nil)
        await repl.shutdown()
    }
}
