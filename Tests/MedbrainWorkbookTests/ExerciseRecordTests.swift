import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// Progress says how each exercise was solved: with no hint, with N hints or after the
/// solution, with its wrong attempts, and against the step's par.
@Suite("How an exercise went", .serialized)
struct ExerciseRecordTests {
    static let lesson = """
        %server builtin dstu2
        # question: How many orders
        > count MedicationOrder patient=f001
        > answer 11
        answer: 11
        wrong> answer 12
        hint: one
        hint: two
        hint: three
        par: 2
        mistake: answer 12 -> count them all.

        # try: Find the patient
        > search Patient _id=f001
        also> get Patient?_id=f001
        wrong> search Patient _id=f002
        ? requested GET Patient _id=f001
        hint: one
        hint: two
        par: 1
        """

    static func session() throws -> (REPL, Printed, LessonCommands) {
        let lesson = try Lesson(parsing: lesson, file: "x.lesson", id: "01-x")
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 200, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let commands = LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)
        repl.extensions = [commands]
        return (repl, printed, commands)
    }

    @Test func hintsWrongAttemptsAndParAreKept() async throws {
        let (repl, printed, commands) = try Self.session()
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("hint"))
        #expect(await repl.execute("hint"))
        #expect(await repl.execute("count MedicationOrder patient=f001"))
        #expect(await repl.execute("answer 12"))
        #expect(await repl.execute("answer 11"))
        let first = commands.progress.lessons["01-x"]![exercise: 0]
        #expect(first.hints == 2 && first.wrongAttempts == 1 && first.commands == 3 && first.solved)
        #expect(first.summary == "solved with 2 hints, 1 wrong attempt")
        #expect(
            printed.text.contains("Step 1 done: solved with 2 hints, 1 wrong attempt; 3 commands, where 2 can do it.\n")
        )
        // Looking things up is no wrong attempt; a failed command is.
        #expect(await repl.execute("read Patient f001"))
        #expect(!(await repl.execute("read Patient nobody")))
        #expect(await repl.execute("search Patient _id=f001"))
        let second = commands.progress.lessons["01-x"]![exercise: 1]
        #expect(second.hints == 0 && second.wrongAttempts == 1 && second.commands == 3)
        #expect(second.summary == "solved with no hint, 1 wrong attempt")
        let before = printed.text.count
        #expect(await repl.execute("progress 1"))
        #expect(
            String(printed.text.dropFirst(before)) == """
                Lesson 1, 01-x:
                  step 1  How many orders: solved with 2 hints, 1 wrong attempt in 3 commands (par 2)
                  step 2  Find the patient: solved with no hint, 1 wrong attempt in 3 commands (par 1)

                """)
        await repl.shutdown()
    }

    /// The solution shown counts, whatever comes after; at par the student is told so.
    @Test func afterTheSolutionAndAtPar() async throws {
        let (repl, printed, commands) = try Self.session()
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("solution"))
        #expect(await repl.execute("answer 11"))
        #expect(commands.progress.lessons["01-x"]![exercise: 0].summary == "solved after the solution")
        #expect(await repl.execute("get Patient?_id=f001"))
        #expect(printed.text.contains("Step 2 done: solved with no hint; at par, 1.\n"))
        #expect(await repl.execute("progress"))
        #expect(
            printed.text.contains(
                "1 of 2 exercises solved without the solution shown: 1 with no hint, 0 with hints; 1 after the solution; 0 wrong attempts in all."
            ))
        await repl.shutdown()
    }

    /// A par below the solution's own commands is a mistake of the lesson, said when it is read.
    @Test func aParTheSolutionCannotMeetIsRefused() {
        #expect(throws: FileError.self) {
            try Lesson(parsing: "# try: A\n> help\n> help\n? ran help\npar: 1\n", file: "x.lesson", id: "x")
        }
        #expect(throws: FileError.self) {
            try Lesson(parsing: "# A\n> help\n? ran help\npar: none\n", file: "x.lesson", id: "x")
        }
    }

    /// Progress files written before the records exist still load, with no records.
    @Test func oldProgressFilesLoad() throws {
        let old = #"{"lessons": {"01-x": {"step": 2, "finished": false, "solvedAlone": [0]}}}"#
        let progress = try LessonProgress.decode(Data(old.utf8))
        #expect(progress.lessons["01-x"]?.exercises == [:])
        #expect(progress.lessons["01-x"]?.solvedAlone == [0])
    }
}
