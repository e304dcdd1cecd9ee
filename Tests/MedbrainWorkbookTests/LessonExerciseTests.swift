import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// What makes the workbook's exercises honest: a lesson that allows only raw requests refuses
/// the shortcuts, a question's answer can come from the server's data, and every exercise has
/// the hints and routes that prove it.
@Suite("Exercises", .serialized)
struct LessonExerciseTests {
    static func session(_ text: String) throws -> (REPL, Printed) {
        let lesson = try Lesson(parsing: text, file: "x.lesson", id: "01-x")
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 200, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        repl.extensions = [LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)]
        return (repl, printed)
    }

    /// `%allow` refuses the other commands while the lesson runs, and says why in one line; the
    /// workbook's own commands and `help` still run, and a refused shortcut can get its hint.
    @Test func aLessonThatAllowsOnlyRequests() async throws {
        let (repl, printed) = try Self.session(
            """
            %allow get search
            %server builtin dstu2
            # try: Find the patient
            > get Patient?_id=f001
            also> search Patient _id=f001
            wrong> get Patient?_id=f002
            ? requested GET Patient _id=f001
            hint: one
            hint: two
            mistake: login* -> write the search yourself.
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(!(await repl.execute("login")))
        #expect(
            printed.text.hasSuffix(
                "error: lesson 1 asks for the requests themselves, not the shortcut 'login'; allowed here: get, search\n"
                    + "  (hint: write the search yourself.)\n"))
        #expect(repl.state.patientID == nil)
        #expect(await repl.execute("hint"))
        #expect(await repl.execute("help get"))
        #expect(await repl.execute("get Patient?_id=f001"))
        #expect(printed.text.contains("Well done"))
        // Finished, the lesson no longer restricts the session.
        #expect(await repl.execute("login"))
        await repl.shutdown()
    }

    /// A shortcut refused is not tried: a `tried` check does not count it.
    @Test func aRefusedCommandIsNotTried() async throws {
        let (repl, _) = try Self.session(
            """
            %allow get
            %server builtin dstu2
            # try: Ask for a patient who is not there
            > get Patient/nobody
            also> get Patient/nobody?_pretty=true
            wrong> read Patient nobody
            ? tried get Patient/nobody
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        let before = repl.state.lastAttempt
        #expect(!(await repl.execute("read Patient nobody")))
        #expect(repl.state.lastAttempt == before)
        #expect(!(await repl.execute("get Patient/nobody")))
        #expect(repl.state.lastAttempt == ["get", "Patient/nobody"])
        await repl.shutdown()
    }

    /// `%allow` names commands the REPL or the workbook has (`hint` too); another word is
    /// refused when the lesson is read, not when a student meets it.
    @Test(arguments: [
        ("%allow get hint", nil), ("%allow get logn", "%allow names 'logn', which is no command; 'help' lists them"),
    ])
    func allowNamesCommands(header: String, problem: String?) {
        let text = header + "\n# A step\n> help\n? ran help"
        if let problem {
            #expect(throws: FileError(file: "x.lesson", line: 1, problem: problem)) {
                try Lesson(parsing: text, file: "x.lesson", id: "x")
            }
        } else {
            #expect(throws: Never.self) { try Lesson(parsing: text, file: "x.lesson", id: "x") }
        }
    }

    /// `%auth smart` starts the lesson's built-in server with SMART; it needs one, and takes no
    /// other word.
    @Test(arguments: [
        ("%auth smart", 1, nil), ("%auth open", 1, "%auth takes one word: smart"),
        ("%server none\n%auth smart", 2, "%auth needs a built-in server (%server)"),
    ])
    func authNeedsABuiltinServer(header: String, line: Int, problem: String?) throws {
        let text = header + "\n# A step\n> help\n? ran help"
        guard let problem else {
            return #expect(try Lesson(parsing: text, file: "x.lesson", id: "x").asksForSMART)
        }
        #expect(throws: FileError(file: "x.lesson", line: line, problem: problem)) {
            try Lesson(parsing: text, file: "x.lesson", id: "x")
        }
    }

    /// `answer: fhirpath GET PATH EXPRESSION` accepts what the server holds now, so the
    /// question stays right when the data changes.
    @Test func anAnswerFromTheServersData() async throws {
        let (repl, printed) = try Self.session(
            """
            %server builtin dstu2
            # question: How many orders
            > answer 11
            answer: fhirpath GET MedicationOrder?patient=f001&_summary=count total
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        await repl.execute("answer 12")
        #expect(printed.text.hasSuffix("Not quite: 12 is not the answer. 'hint' helps.\n"))
        let order = """
            {"resourceType": "MedicationOrder", "status": "active", "patient": {"reference": "Patient/f001"},
             "medicationCodeableConcept": {"text": "Aspirin 100 mg"}}
            """
        #expect(await repl.execute("create MedicationOrder " + order.replacingOccurrences(of: "\n", with: " ")))
        await repl.execute("answer 11")
        #expect(printed.text.hasSuffix("Not quite: 11 is not the answer. 'hint' helps.\n"))
        await repl.execute("answer 12")
        #expect(printed.text.contains("Well done"))
        await repl.shutdown()
    }

    /// A computed answer the server cannot give is said as such, not as the student's mistake.
    @Test func anAnswerThatCannotBeComputed() async throws {
        let (repl, printed) = try Self.session(
            """
            %server builtin dstu2
            # question: How many
            > answer 1
            answer: fhirpath GET Nothing/here total
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(!(await repl.execute("answer 1")))
        #expect(
            printed.text.contains(
                "error: the answer could not be checked: the server could not be asked what the step needs ("),
            "\(printed.text)")
        await repl.shutdown()
    }

    /// A stated answer still counts when a computed one beside it cannot be computed.
    @Test func aStatedAnswerBesideOneThatCannotBeComputed() async throws {
        let (repl, printed) = try Self.session(
            """
            %server builtin dstu2
            # question: How many
            > answer 1
            answer: fhirpath GET Nothing/here total
            answer: one
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("answer one"))
        #expect(printed.text.contains("Well done"), "\(printed.text)")
        await repl.shutdown()
    }

    /// What a check reads from the server is not the student's request: it stays out of the
    /// session's requests (which `requested` checks read) and out of `trace`. The requests
    /// kept hold no bodies.
    @Test func aChecksOwnRequestsAreNotTheStudents() async throws {
        let (repl, printed) = try Self.session(
            """
            %server builtin dstu2
            # try: Read the patient
            > get Patient/f001
            also> read Patient f001
            wrong> get Patient/f002
            ? requested GET Patient/f001
            ? server fhirpath GET Patient/f001 id = 'f001'
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("trace on"))
        let mark = repl.requests.total
        #expect(await repl.execute("get Patient/f002"))
        #expect(repl.requests.total == mark + 1)
        #expect(printed.text.contains("/Patient/f002") && !printed.text.contains("/Patient/f001"), "\(printed.text)")
        #expect(repl.requests.since(0).allSatisfy { $0.requestBody == nil && $0.responseBody == nil })
        await repl.shutdown()
    }

    @Test func aComputedAnswerIsCheckedWhenTheLessonIsRead() {
        #expect(
            throws: FileError(
                file: "x.lesson", line: 4, problem: "a computed answer needs fhirpath GET PATH EXPRESSION")
        ) {
            try Lesson(
                parsing: "# question: Q\n> answer 1\nanswer: 1\nanswer: fhirpath total", file: "x.lesson", id: "x")
        }
    }

    @Test(arguments: [
        ("# try: T\n> help\n? ran help\nhint: a\nhint: b\nalso> help login\nwrong> set", []),
        (
            "# try: T\n> help\n? ran help\nhint: a",
            [
                "step 1 (T): an exercise needs two or more hints, graduated",
                "step 1 (T): a try step needs another correct route ('also> COMMAND')",
                "step 1 (T): an exercise needs a plausible wrong attempt ('wrong> COMMAND')",
            ]
        ),
        (
            "# question: Q\n> answer 1\nanswer: 1\nhint: a\nhint: b",
            ["step 1 (Q): an exercise needs a plausible wrong attempt ('wrong> answer VALUE')"]
        ),
        ("# A show step\n> help\n? ran help", []),
        // The last hint may name a command, not type the solution's; no hint may hold a question's answer.
        ("# try: T\n> help login\n? ran help\nhint: a\nhint: 'help' takes a name\nalso> help\nwrong> set", []),
        (
            "# try: T\n> help login\n? ran help\nhint: a\nhint: Type 'help login'.\nalso> help\nwrong> set",
            ["step 1 (T): the last hint types the solution's command ('help login'); hints nudge, 'solution' shows it"]
        ),
        (
            "# question: Q\n> answer ACM\nanswer: acm\nhint: a\nhint: ACM is before breakfast.\nwrong> answer AC",
            ["step 1 (Q): a hint gives the answer away ('ACM is before breakfast.')"]
        ),
        ("# question: Q\n> answer 11\nanswer: 11\nhint: since 2011\nhint: b\nwrong> answer 12", []),
    ])
    func authoringRules(text: String, problems: [String]) throws {
        #expect(try Lesson(parsing: text, file: "x.lesson", id: "x").authoringProblems == problems)
    }

    /// The workbook as the issue asks for it: 80 steps or more, at least half of them exercises,
    /// each with its hints and routes.
    @Test func theWorkbookTeachesByDoing() {
        let steps = LessonTests.workbook.lessons.flatMap(\.steps)
        #expect(steps.count >= 80)
        #expect(steps.filter(\.isExercise).count * 2 >= steps.count)
        for lesson in LessonTests.workbook.lessons {
            #expect(lesson.authoringProblems == [], "\(lesson.id)")
        }
    }
}

/// `lesson check` refuses a question whose answer the lesson printed before it where a student
/// would copy it: a summary line or a count, not a value inside a resource's JSON or a table.
@Suite("Answers printed before their question")
struct AnswerLeakTests {
    static func problems(_ text: String) async throws -> [String] {
        let lesson = try Lesson(parsing: text, file: "x.lesson", id: "01-x")
        return await LessonVerifier(servers: { .inProcess(now: nil) }).answersPrintedBefore(in: lesson)
    }

    static let search = "%server builtin dstu2\n# Search\n> search MedicationOrder patient=f001\n? ran search\n"

    @Test func aCountTheStepBeforePrintedIsRefused() async throws {
        let problems = try await Self.problems(Self.search + "# question: Q\n> answer 11\nanswer: 11\n")
        #expect(problems == ["step 2 (Q): its answer '11' was printed before the question"])
    }

    @Test(arguments: [
        // A number the output holds only as a row or a date is no count it gave.
        search + "# question: Q\n> answer 3\nanswer: 3\n",
        // A value inside the JSON the step fetched is what the question has the student find.
        "%server builtin dstu2\n# Read\n> read Patient f001\n? ran read\n# question: Q\n> answer 1961-12-24\nanswer: 1961-12-24\n",
        // A row of a table: finding it among the others is the skill, as in JSON.
        search + "# question: Q\n> answer ord-02\nanswer: ord-02\n",
        // The question's own text offers it among others: the student must still choose.
        "%server builtin dstu2\n# Log in\n> login\n> whoami\n? ran whoami\n"
            + "# question: Q\nIs it 1961-12-24 or 1962-12-24?\n> answer 1961-12-24\nanswer: 1961-12-24\n",
    ])
    func notACopiedAnswer(text: String) async throws {
        #expect(try await Self.problems(text) == [])
    }

    /// Not only the step just before: anything the lesson printed before the question counts.
    @Test func aCountPrintedStepsBeforeIsRefused() async throws {
        let text = Self.search + "# Help\n> help\n? ran help\n# question: Q\n> answer 11\nanswer: 11\n"
        #expect(try await Self.problems(text) == ["step 3 (Q): its answer '11' was printed before the question"])
    }

    /// An earlier lesson's output counts too, as a student who took the lessons in order saw
    /// it: a word anywhere, a number only as a count of a search of the type its answer counts.
    @Test func anAnswerAnEarlierLessonPrintedIsRefused() async throws {
        let first = try Lesson(
            parsing: "%server builtin dstu2\n# Log in\n> login\n> whoami\n? ran whoami\n" + "# Search\n"
                + "> search MedicationOrder patient=f001\n? ran search\n", file: "a.lesson", id: "01-a")
        let later = { (question: String) in
            try Lesson(parsing: "%server builtin dstu2\n" + question, file: "b.lesson", id: "02-b")
        }
        let birthday = try later("# question: Q\n> answer 1961-12-24\nanswer: 1961-12-24\n")
        let orders = try later(
            "# question: Orders\n> answer 11\nanswer: fhirpath GET MedicationOrder?patient=f001 total\n")
        // An answer of 11 computed from a search of doses (the expression is the number itself).
        let doses = try later(
            "# question: Doses\n> answer 11\nanswer: fhirpath GET MedicationAdministration?patient=f001 11\n")
        let verifier = LessonVerifier(servers: { .inProcess(now: nil) })
        #expect(
            await verifier.answersPrintedInEarlierLessons([first, birthday]) == [
                "02-b": ["step 1 (Q): its answer '1961-12-24' was printed in lesson 01-a"]
            ])
        #expect(
            await verifier.answersPrintedInEarlierLessons([first, orders]) == [
                "02-b": ["step 1 (Orders): its answer '11' was printed in lesson 01-a"]
            ])
        // 11 orders were counted, not 11 doses: no count of doses was given.
        #expect(await verifier.answersPrintedInEarlierLessons([first, doses]).isEmpty)
        // Nor of Medications: `GET MedicationOrder` is no request of Medication.
        let medications = try later("# question: Meds\n> answer 11\nanswer: fhirpath GET Medication?_count=1 11\n")
        #expect(await verifier.answersPrintedInEarlierLessons([first, medications]).isEmpty)
        // Taken in the other order, nothing was printed before.
        #expect(await verifier.answersPrintedInEarlierLessons([birthday, first]).isEmpty)
    }

    /// The workbook's lessons, taken in order, print no later question's answer.
    @Test func noLessonGivesALaterAnswerAway() async {
        let problems = await LessonVerifier(servers: { .inProcess(now: nil) }).answersPrintedInEarlierLessons(
            LessonTests.workbook.lessons)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aSummaryLineIsRefused() async throws {
        let text =
            "%server builtin dstu2\n# Log in\n> login\n> whoami\n? ran whoami\n# question: Q\n> answer 1961-12-24\nanswer: 1961-12-24\n"
        #expect(
            try await Self.problems(text) == ["step 2 (Q): its answer '1961-12-24' was printed before the question"])
    }

    @Test(arguments: [
        ("11 matches", "11", true), ("ord-11", "11", false), ("2016-08-11", "11", false), ("x 1.5 y", "1", false),
    ])
    func standsAlone(text: String, word: String, holds: Bool) {
        #expect(LessonVerifier.holds(text, word: word) == holds)
    }

    /// A step whose precondition the student destroyed (the order it reads deleted) says so,
    /// and `reset step` brings the data back as the step began: the lesson is never stuck.
    @Test func aStepWhoseDataWasDestroyedOffersReset() async throws {
        let (repl, printed) = try LessonExerciseTests.session(
            """
            %server builtin dstu2
            # Log in
            > login
            ? logged-in f001
            # try: Read the order
            > get MedicationOrder/ord-02
            also> read MedicationOrder ord-02
            wrong> get MedicationOrder/ord-03
            ? requested GET MedicationOrder/ord-02
            ? server fhirpath GET MedicationOrder/ord-02 status = 'completed'
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("login"))
        #expect(await repl.execute("delete MedicationOrder ord-02 --yes"))
        #expect(await repl.execute("check"))
        #expect(printed.text.contains("'reset step' brings the lesson's data back to where the step began"))
        #expect(await repl.execute("reset step"))
        #expect(printed.text.components(separatedBy: "Step 2 of 2: Read the order").count == 3)
        #expect(await repl.execute("get MedicationOrder/ord-02"))
        #expect(printed.text.contains("Well done: you finished lesson 1"))
        await repl.shutdown()
    }

    /// `hidden` reads the path as the server does (percent-encoded or not), tells an id that is
    /// nowhere from one the server holds, and a request of the base itself is no read.
    @Test func aHiddenCheckReadsThePathAsTheServerDoes() async throws {
        let (repl, printed) = try LessonExerciseTests.session(
            """
            %server builtin dstu2
            # try: Knock
            > get Patient/f002
            wrong> get Patient/nobody
            ? hidden
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        _ = await repl.execute("get [BASE]/")
        #expect(await repl.execute("check"))
        #expect(printed.text.contains("the last request of this step is no read of one resource"))
        _ = await repl.execute("get Patient/nobody")
        #expect(await repl.execute("check"))
        #expect(printed.text.contains("the last read asked for a resource this server does not hold"))
        #expect(await repl.execute("get Patient/f0%301"))
        #expect(await repl.execute("check"))
        #expect(printed.text.contains("the last read was answered 200, not refused"), "\(printed.text)")
        await repl.shutdown()
    }

    /// A dose the server accepted but the step did not ask for (the wrong hour) is deleted when
    /// the step is done, so the next step's chart counts the dose asked for once.
    @Test func aStepsOtherWritesAreCleanedUp() async throws {
        let body = { (time: String) in
            #"post MedicationAdministration {"resourceType": "MedicationAdministration", "status": "completed", "#
                + #""patient": {"reference": "Patient/f001"}, "prescription": {"reference": "MedicationOrder/ord-01"}, "#
                + #""medicationCodeableConcept": {"text": "Novalgin drops (metamizole)"}, "effectiveTimeDateTime": "\#(time)"}"#
        }
        let (repl, printed) = try LessonExerciseTests.session(
            """
            %server builtin dstu2
            # try: Write it
            > \(body("2016-08-12T20:00:00+02:00"))
            also> administer 1 taken at 2016-08-12T20:00:00+02:00
            wrong> \(body("2016-08-12T20:00:00Z"))
            ? dose-written ord-01 taken at 2016-08-12T20:00:00+02:00
            hint: one
            hint: two
            """)
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute(body("2016-08-12T20:00:00Z")))
        #expect(await repl.execute(body("2016-08-12T21:00:00+02:00")))
        #expect(await repl.execute(body("2016-08-12T20:00:00+02:00")))
        #expect(
            printed.text.contains(
                "(The other 2 administrations this step wrote, not the dose it asked for, were deleted"))
        for (id, kept) in [("1", false), ("2", false), ("3", true)] {
            let read = try? await repl.fetch("MedicationAdministration/\(id)")
            #expect((read != nil) == kept, "MedicationAdministration/\(id)")
        }
        await repl.shutdown()
    }
}
