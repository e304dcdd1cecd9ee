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
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
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
        #expect(lessons.resumeNote == "Lesson 7 (Record a dose) is at step 3 of 9: 'lesson 7' resumes it.")
        #expect(!(await repl.execute("hint")))
        #expect(printed.text == "error: lesson 7 is not open in this session; 'lesson 7' resumes it\n")
        #expect(await repl.execute("lesson 7"))
        #expect(printed.text.contains("(Steps 1–2 ran again, so the session is where you left it.)\n\nStep 3 of 9"))
        #expect(!printed.text.contains("logged in as"))
        #expect(repl.state.patientID == "f001")
        #expect(repl.state.ordersListed == 11)
        #expect(await repl.execute("administer 11 missed at 2016-08-16T08:00:00+02:00"))
        #expect(printed.text.contains("Step 3 done: solved with no hint."))
        await repl.shutdown()
    }

    /// A step whose point is an error is done when the command fails; a failure elsewhere
    /// earns no "still to do", its error says enough.
    @Test func aFailureCanBeTheStep() async throws {
        let (repl, _, printed) = Self.session(progress: nil)
        for line in ["lesson 2"] + Array(repeating: "next", count: 7) { await repl.execute(line) }
        #expect(!(await repl.execute("order 99")))
        #expect(!printed.text.contains("still to do"))
        #expect(!(await repl.execute("connect http://127.0.0.1:1/fhir")))
        #expect(
            printed.text.contains(
                "connection refused\nStep 8 done: solved with no hint, 1 wrong attempt.\n\nStep 9 of 9: Connect again"))
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
                "You finished this lesson.\nNext: 'lesson 1', The resources the app needs.\n1 of 16 lessons finished.\n"
                    + "2 of 99 exercises solved without the solution shown: 2 with no hint, 0 with hints; "
                    + "0 after the solution; 0 wrong attempts in all. 'progress N' says how each of lesson N went.\n"
                    + "Lesson 0, Getting around the REPL, is finished.\nNext: 'lesson 1', The resources the app needs.\n"
            ))
        await repl.execute("lesson 0")
        #expect(printed.text.contains("Step 1 of \(lesson.steps.count): \(lesson.steps[0].title)"))
        let entry = try #require(lessons.progress.lessons[lesson.id])
        #expect(entry.step == 0 && entry.finished && entry.solvedAlone == [2, 3])
        #expect(entry.exercises.keys.sorted() == [2, 3] && entry.exercises.values.allSatisfy(\.solved))
        #expect(lessons.resumeNote == nil)
        await repl.shutdown()
    }

    /// An exercise states the goal without the answer; a common mistake gets its pointed
    /// hint; a question takes `answer`; `progress` counts what was solved without the solution.
    @Test func exercisesAndQuestions() async throws {
        let text = """
            %title Exercises
            %server builtin dstu2
            # try: Log in by email
            Log in as the patient whose email is herbert.mustermann@example.at.
            > login --email herbert.mustermann@example.at
            ? logged-in f001
            ? requested GET Patient email=herbert.mustermann@example.at
            hint: Patient has a search parameter named email.
            hint: login --email ADDRESS.
            mistake: login f001 -> that finds the patient by id, not by email.
            # question: How many orders
            How many prescriptions does the patient have?
            > answer 11
            answer: 11
            answer: eleven
            mistake: answer 1* -> count them all: 'orders' lists them.
            # question: Which element
            Which element of an R4 MedicationAdministration replaced DSTU2's wasNotGiven?
            > answer status
            answer: status
            """
        let lesson = try Lesson(parsing: text, file: "x.lesson", id: "01-x")
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 100, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let lessons = LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)
        repl.extensions = [lessons]
        await repl.execute("lesson 1")
        #expect(printed.text.contains("Your turn. 'hint' gives a hint (2 in all), 'solution' shows one way."))
        #expect(!printed.text.contains("login --email"))
        await repl.execute("login f001")
        #expect(printed.text.contains("(hint: that finds the patient by id, not by email.)"))
        await repl.execute("login --email herbert.mustermann@example.at")
        #expect(
            printed.text.contains("Step 1 done: solved with no hint, 1 wrong attempt.\n\nStep 2 of 3: How many orders"))
        #expect(printed.text.contains("Answer with 'answer VALUE'."))
        await repl.execute("answer 12")
        #expect(printed.text.hasSuffix("Not quite: 12 is not the answer. count them all: 'orders' lists them.\n"))
        await repl.execute("answer  Eleven ")
        #expect(printed.text.contains("Step 2 done: solved with no hint, 1 wrong attempt."))
        await repl.execute("solution")
        #expect(printed.text.hasSuffix("One way to do it:\n  answer status\n"))
        await repl.execute("answer status")
        await repl.execute("progress")
        #expect(printed.text.contains("0 of 1 lessons finished.") == false)
        #expect(
            printed.text.contains(
                "1 of 1 lessons finished.\n2 of 3 exercises solved without the solution shown: 2 with no hint, "
                    + "0 with hints; 1 after the solution; 2 wrong attempts in all."))
        let entry = try #require(lessons.progress.lessons["01-x"])
        #expect(entry.step == 2 && entry.finished && entry.solutionShown == [2] && entry.solvedAlone == [0, 1])
        #expect(entry[exercise: 0].summary == "solved with no hint, 1 wrong attempt")
        #expect(entry[exercise: 1].summary == "solved with no hint, 1 wrong attempt")
        #expect(entry[exercise: 2].summary == "solved after the solution")
        await repl.execute("lesson")
        #expect(
            printed.text.hasSuffix(
                "[x]  1  Exercises, 2 of 3 exercises solved (2 with no hint)\n'lesson N' starts or resumes lesson N.\n")
        )
        await repl.shutdown()
    }

    /// A lesson starts the session over with the settings at their defaults, but the timeout at
    /// the one the session began with: a session given more time (a verifier's, a test's on busy
    /// cores) keeps it through the lesson, and a `set timeout` of the student's is undone.
    @Test func aLessonKeepsTheTimeoutTheSessionBeganWith() async throws {
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: 42)
        repl.extensions = [LessonCommands(workbook: LessonTests.workbook, progressPath: nil)]
        #expect(await repl.execute("set timeout 7"))
        #expect(await repl.execute("lesson 4"))
        let mark = printed.text.count
        #expect(await repl.execute("set"))
        #expect(printed.text.dropFirst(mark).split(separator: "\n").contains("timeout   42 s"))
        await repl.shutdown()
    }
}
