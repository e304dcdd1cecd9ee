import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// Each student's own data: `lesson --seed TEXT` (or `$MEDBRAIN_SEED` for a class) varies the
/// doses; computed answers and the solution follow the student's data; `lesson check` refuses a
/// lesson that holds only on the data as written.
@Suite("Seeded lessons", .serialized)
struct SeedTests {
    static func session(classSeed: String? = nil, workbook: Workbook = LessonTests.workbook) -> (
        REPL, LessonCommands, MedbrainREPL.Printed
    ) {
        let printed = MedbrainREPL.Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let lessons = LessonCommands(workbook: { workbook }, progressPath: nil, classSeed: classSeed)
        repl.extensions = [lessons]
        return (repl, lessons, printed)
    }

    /// July's doses not taken, the lesson 6 question, as a lesson of its own.
    static func julyLesson(answer: String, check: String? = nil) throws -> Lesson {
        let text = """
            %server builtin dstu2
            # question: Not taken in July
            How many doses of order 1 were not taken in July 2016?
            > count MedicationAdministration prescription=MedicationOrder/ord-01 notgiven=true effectivetime=ge2016-07-01 effectivetime=lt2016-08-01
            > answer 5
            answer: \(answer)
            hint: Count them.
            hint: With effectivetime twice.
            \(check.map { "\n# try: Not taken\nFind them.\n> search MedicationAdministration prescription=MedicationOrder/ord-01 notgiven=true\n? requested GET MedicationAdministration\n\($0)\nhint: one\nhint: two" } ?? "")
            """
        return try Lesson(parsing: text, file: "x.lesson", id: "99-july")
    }

    static let julyCount =
        "fhirpath GET MedicationAdministration?prescription=MedicationOrder/ord-01&notgiven=true"
        + "&effectivetime=ge2016-07-01&effectivetime=lt2016-08-01&_summary=count total"

    @Test func aSeedIsSetShownAndUndone() async {
        let (repl, lessons, printed) = Self.session()
        #expect(await repl.execute("lesson --seed"))
        #expect(printed.take().hasPrefix("No seed: the lessons use the doses as written."))
        #expect(await repl.execute("lesson --seed anna"))
        #expect(lessons.progress.seed == "anna" && lessons.seed == "anna")
        #expect(printed.take().hasPrefix("Your doses now come from seed anna:"))
        #expect(await repl.execute("lesson"))
        #expect(
            printed.take().hasSuffix(
                "Your own doses come from seed anna; 'lesson --seed default' uses the data as written.\n"))
        #expect(await repl.execute("lesson --seed default"))
        #expect(lessons.seed == nil)
        #expect(printed.take() == "The lessons use the doses as written again, as every transcript does.\n")
        #expect(!(await repl.execute("lesson --seed --x")))
        #expect(printed.take() == "error: --seed needs a text, such as a number or your name\n")
        // A seed of several words is the whole text; quoted, as any value with spaces is.
        #expect(await repl.execute("lesson --seed \"anna maria\""))
        #expect(lessons.seed == "anna maria")
        _ = printed.take()
        #expect(!(await repl.execute("lesson --seed anna maria")))
        #expect(
            printed.take() == "error: no lesson 'maria'; a seed of several words is quoted: --seed \"alice smith\"\n")
        #expect(!(await repl.execute("lesson 1 2")))
        await repl.shutdown()
    }

    /// The class's seed comes from the environment; the student's own choice comes first.
    @Test func theClassSeedGivesWayToTheStudents() async {
        let (repl, lessons, printed) = Self.session(classSeed: "class-7b")
        #expect(lessons.seed == "class-7b")
        #expect(await repl.execute("lesson --seed"))
        #expect(printed.take().contains("seed class-7b (from MEDBRAIN_SEED)"))
        #expect(await repl.execute("lesson --seed default"))
        #expect(lessons.seed == nil)
        #expect(Self.session(classSeed: "alice smith").1.seed == "alice smith")
        // Not silently the data as written: a seed that is none is said at start.
        let refused = Self.session(classSeed: "tab\there").1
        #expect(refused.seed == nil)
        #expect(refused.warnings.contains { $0.hasPrefix("MEDBRAIN_SEED is not used: a seed is text you can type") })
        await repl.shutdown()
    }

    /// The lesson's server holds the student's doses, and the solution gives their answer.
    @Test func aSeededLessonServesAndSolvesTheStudentsOwnDoses() async throws {
        let lesson = try Self.julyLesson(answer: Self.julyCount)
        var answers: [String: String] = [:]
        for seed in ["default", "2"] {
            let (repl, lessons, printed) = Self.session(workbook: Workbook(lessons: [lesson]))
            lessons.progress.seed = seed
            #expect(await repl.execute("lesson 99-july"))
            #expect(printed.take().contains("(Your own doses, from seed 2.)") == (seed == "2"))
            #expect(await repl.execute("solution"))
            let shown = printed.take()
            answers[seed] = shown.split(separator: "\n").last.map { String($0.dropFirst("  answer ".count)) }
            let computed = try await LessonAnswer(Self.julyCount).values(in: repl).get()
            #expect(computed == [answers[seed]!], "\(shown)")
            await repl.shutdown()
        }
        #expect(answers["default"] == "5")
        #expect(answers["2"] != "5")
    }

    /// `lesson check` walks the solution on seeded data: a stated answer the data decides, and
    /// a number written into a check, are refused; the computed answer passes.
    @Test func theVerifierRefusesWhatHoldsOnlyOnTheWrittenData() async throws {
        let verifier = LessonVerifier(servers: { .inProcess(now: nil) })
        #expect(await verifier.seededProblems(in: try Self.julyLesson(answer: Self.julyCount)) == [])
        let stated = await verifier.seededProblems(in: try Self.julyLesson(answer: "5"))
        #expect(stated.count == LessonVerifier.seeds.count)
        #expect(stated.allSatisfy { $0.contains("its answer is stated, but its solution looks up something else") })
        let literal = await verifier.seededProblems(
            in: try Self.julyLesson(answer: Self.julyCount, check: "? result fhirpath total = 14"))
        #expect(literal.count == LessonVerifier.seeds.count)
        #expect(literal.allSatisfy { $0.hasPrefix("step 2 (Not taken), with seed ") })
        let same = await verifier.seededProblems(
            in: try Self.julyLesson(
                answer: Self.julyCount,
                check: "? same-as GET MedicationAdministration?prescription=MedicationOrder/ord-01&notgiven=true total")
        )
        #expect(same == [])
    }

    /// A mistake hint names the student's own data: on a seeded run the every-month count is
    /// the seed's, and the wrong answer is echoed as typed.
    @Test func mistakeHintsAreComputedFromTheStudentsData() async throws {
        let every =
            "fhirpath GET MedicationAdministration?prescription=MedicationOrder/ord-01&notgiven=true&_summary=count total"
        var lesson = try Self.julyLesson(answer: Self.julyCount)
        lesson.steps[0].answerType = .number
        lesson.steps[0].mistakes = [
            Lesson.Mistake(
                pattern: "answer \(every)", feedback: "that counts every month", computed: try LessonAnswer(every))
        ]
        var counts: [String] = []
        for seed in ["default", "2"] {
            let (repl, lessons, printed) = Self.session(workbook: Workbook(lessons: [lesson]))
            lessons.progress.seed = seed
            #expect(await repl.execute("lesson 99-july"))
            let mine = try await LessonAnswer(every).values(in: repl).get()
            counts += mine
            _ = printed.take()
            await repl.execute("answer \(mine[0])")
            #expect(printed.take().contains("Not quite: \(mine[0]) is not the answer. that counts every month"))
            // Another number is no such mistake; a word is echoed as it was typed.
            await repl.execute("answer 999")
            #expect(printed.take().contains("'hint' helps."))
            await repl.execute("answer Fourteen")
            #expect(printed.take().contains("Not quite: Fourteen is not the answer."))
            await repl.shutdown()
        }
        #expect(counts.count == 2 && counts[0] != counts[1])
    }
}
