import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// Every lesson in `lessons/`, solved step by step through its own checks.
@Suite("Lessons", .serialized)
struct LessonTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("lessons").path
    static let workbook = Workbook.load(from: folder)

    @Test func everyLessonFileReads() {
        #expect(Self.workbook.problems == [])
        #expect(Self.workbook.lessons.map(\.number) == Array(0...15))
    }

    /// Before its commands a step's check fails (so it can fail); after them the lesson moves on.
    @Test(arguments: workbook.lessons.map(\.id))
    func theSolutionPassesEveryCheck(id: String) async throws {
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let lessons = LessonCommands(workbook: Self.workbook, progressPath: nil)
        repl.extensions = [lessons]
        let lesson = try #require(Self.workbook.lesson(id))
        #expect(await repl.execute("lesson \(id)"), "\(printed.text)")
        for (index, step) in lesson.steps.enumerated() {
            #expect(lessons.currentStep()?.1 == index)
            #expect(
                !(await lessons.missing(step, in: repl)).isEmpty,
                "step \(index + 1) of \(id) passes before its commands")
            for command in step.commands { await repl.execute(command) }
        }
        #expect(lessons.progress.lessons[id]?.finished == true, "\(printed.text)")
        #expect(printed.text.contains("Well done: you finished lesson \(lesson.number!), \(lesson.title)."))
        await repl.shutdown()
    }
}

/// What the REPL printed, output and errors in order.
typealias Printed = CapturedOutput

/// The lesson format's errors, and progress that survives crashes and upgrades.
@Suite("Lesson files and progress")
struct LessonFileTests {
    @Test(arguments: [
        ("Some text", 1, "text before the first step; a step starts with '# TITLE'"),
        (
            "# A\n? nonsense check", 2,
            "unknown check 'nonsense check'; checks are connected [VERSION], disconnected, logged-in ID, logged-out, orders-listed [N], order-shown N, ran COMMAND…, tried COMMAND…, setting NAME VALUE, recorded N taken|missed, requested METHOD PATH [NAME=VALUE …], dose-written ORDER taken|missed at INSTANT, no-answer, said SENTENCE, result fhirpath EXPRESSION, server fhirpath GET PATH EXPRESSION, same-as GET PATH EXPRESSION, answers GET PATH [page N], chart MODE ORDER, answered STATUS, hidden, token PATIENT [SCOPE …], conforms PROFILE"
        ),
        (
            "# A\n? conforms http://example.org/StructureDefinition/other", 2,
            "conforms needs one of the tutorial's profiles, not http://example.org/StructureDefinition/other"
        ),
        ("# A\n? ran help\n%title Late", 3, "%directives belong before the first step"),
        ("%pause here", 1, "%pause belongs in transcripts, not lessons"),
        ("# A\nunlocks: teleport", 2, "'unlocks:' names commands a lesson's %allow could name; 'help' lists them"),
        (
            "%server builtin r6", 1,
            "%server is 'builtin dstu2', 'builtin stu3', 'builtin r4', 'builtin r4b', 'builtin r5' or 'none'"
        ),
        ("# A\n> help", 1, "step 'A' has no '? CHECK'"), ("% only a comment", 1, "a lesson needs a step"),
    ])
    func problemsNameFileAndLine(text: String, line: Int, problem: String) {
        #expect(throws: FileError(file: "x.lesson", line: line, problem: problem)) {
            try Lesson(parsing: text, file: "x.lesson", id: "x")
        }
    }

    /// Lesson 15 keeps `doses` and `adherence` out while the student works the figures out by
    /// hand; its last step unlocks `adherence` to confirm them.
    @Test func aStepUnlocksACommandFromThereOn() throws {
        let lesson = try #require(LessonTests.workbook.lessons.first { $0.id == "15-on-time" })
        let last = lesson.steps.count - 1
        #expect(lesson.steps[last].unlocks == ["adherence"])
        for index in 0..<last { #expect(lesson.allowedCommands(at: index)?.contains("adherence") == false) }
        #expect(lesson.allowedCommands(at: last)?.contains("adherence") == true)
        #expect(lesson.steps.indices.allSatisfy { lesson.allowedCommands(at: $0)?.contains("doses") == false })
        let open = try Lesson(parsing: "# A\nunlocks: adherence\n? ran adherence", file: "x.lesson", id: "x")
        #expect(open.allowedCommands(at: 0) == nil)
    }

    @Test func aLessonsParts() throws {
        let lesson = try Lesson(
            parsing: """
                %title Log in
                %sections §11.4
                %server builtin r4
                % for authors
                # Find her
                First line
                of a paragraph.

                Second paragraph.
                > login
                ? logged-in f001
                hint: one
                hint: two
                """, file: "03-login.lesson", id: "03-login")
        #expect(lesson.title == "Log in")
        #expect(lesson.number == 3)
        #expect(lesson.header.server == .r4)
        #expect(lesson.steps.count == 1)
        #expect(lesson.steps[0].narrative == ["First line of a paragraph.", "Second paragraph."])
        #expect(lesson.steps[0].commands == ["login"])
        #expect(lesson.steps[0].checks == [.loggedIn("f001")])
        #expect(lesson.steps[0].hints == ["one", "two"])
    }

    /// A broken file is named; the others load, so the REPL still starts with them.
    @Test func aBrokenLessonLeavesTheOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-lessons-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# Fine\n? ran help\n".write(
            to: folder.appendingPathComponent("01-fine.lesson"), atomically: true, encoding: .utf8)
        try "oops\n".write(to: folder.appendingPathComponent("02-broken.lesson"), atomically: true, encoding: .utf8)
        let workbook = Workbook.load(from: folder.path)
        #expect(workbook.lessons.map(\.id) == ["01-fine"])
        #expect(
            workbook.problems == [
                "\(folder.path)/02-broken.lesson:1: text before the first step; a step starts with '# TITLE'"
            ])
        #expect(workbook.lesson("fine")?.id == "01-fine")
        #expect(workbook.lesson("1")?.id == "01-fine")
    }

    /// `%load FILE` is read from the lesson's folder and made absolute; a file that is not
    /// there, or a load with no built-in server to hold it, is the author's mistake, named.
    @Test func loadIsFoundBesideTheLesson() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-load-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "{}\n".write(to: folder.appendingPathComponent("data/x.ndjson"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("01-x.lesson").path
        let lesson = try Lesson(
            parsing: "%server builtin r4\n%load data/x.ndjson\n# S\n? ran help\n", file: file, id: "01-x")
        #expect(lesson.loads == [folder.appendingPathComponent("data/x.ndjson").standardizedFileURL.path])
        #expect(throws: FileError.self) {
            try Lesson(parsing: "%server builtin r4\n%load data/y.ndjson\n# S\n? ran help\n", file: file, id: "01-x")
        }
        #expect(throws: FileError.self) {
            try Lesson(parsing: "%server none\n%load data/x.ndjson\n# S\n? ran help\n", file: file, id: "01-x")
        }
    }

    @Test func progressIsSavedWholeAndReadBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-progress-\(UUID())/p.json")
            .path
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        var progress = LessonProgress()
        progress.current = "03-login"
        progress.lessons["03-login"] = .init(step: 2, finished: false)
        progress.lessons["99-removed-since"] = .init(step: 1, finished: true)
        try progress.save(to: path)
        let (loaded, warning) = LessonProgress.load(from: path)
        #expect(loaded == progress)
        #expect(warning == nil)
        // No temporary file is left beside it.
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) == ["p.json"])
    }

    /// A progress file written before exercises existed reads as it was, with none solved.
    @Test func progressFromBeforeExercisesReads() throws {
        let old = #"{"current": "03-login", "lessons": {"03-login": {"finished": false, "step": 2}}}"#
        let progress = try LessonProgress.decode(Data(old.utf8))
        #expect(progress.current == "03-login")
        #expect(progress.lessons["03-login"] == LessonProgress.Entry(step: 2))
    }

    @Test func anUnreadableProgressFileIsKeptAsideNotLost() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-progress-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("p.json").path
        try "{\"lessons\": [".write(toFile: path, atomically: true, encoding: .utf8)
        let (loaded, warning) = LessonProgress.load(from: path)
        #expect(loaded == LessonProgress())
        #expect(warning == "progress file \(path) was unreadable; starting afresh (kept as .unreadable)")
        #expect(try String(contentsOfFile: path + ".unreadable", encoding: .utf8) == "{\"lessons\": [")
    }

    /// Hints one at a time, the solution, moving back and on, progress kept between sessions.
    @Test func theWorkbookCommands() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-progress-\(UUID()).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        repl.extensions = [LessonCommands(workbook: LessonTests.workbook, progressPath: path)]
        for line in ["hint", "lesson 4", "hint", "hint", "solution", "login", "next", "back", "progress", "lesson 99"] {
            await repl.execute(line)
        }
        let text = printed.text
        #expect(text.hasPrefix("error: no lesson started; 'lesson' lists them\nLesson 4: The patient's prescriptions"))
        #expect(
            text.contains(
                "Hint 1 of 1: 'login' alone finds the tutorial's test patient.\nerror: no more hints; 'solution' shows one way\nType:\n  login\n"
            ))
        #expect(text.contains("Step 1 done.\n\nStep 2 of 10: List the orders"))
        #expect(
            text.contains(
                "0 of 16 lessons finished.\n0 of 99 exercises solved without the solution shown: "
                    + "0 with no hint, 0 with hints; 0 after the solution; 0 wrong attempts in all. 'progress N' says how each of lesson N went.\n"
                    + "Lesson 4, The patient's prescriptions: step 2 of 10.\n"
            ))
        #expect(text.hasSuffix("error: no lesson '99'; 'lesson' lists them\n"))
        await repl.shutdown()
        // A new session resumes where this one was.
        let (saved, _) = LessonProgress.load(from: path)
        #expect(saved.current == "04-orders")
        #expect(saved.lessons["04-orders"]?.step == 1)
    }
}

/// Every lesson's routes, proven both ways: the solution and each `also>` route complete their
/// step, no `wrong>` attempt does.
@Suite("Lesson routes", .serialized)
struct LessonRouteTests {
    @Test(arguments: LessonTests.workbook.lessons.filter { $0.steps.contains { !$0.otherRoutes.isEmpty } })
    func everyRouteDoesWhatItShould(lesson: Lesson) async {
        let verifier = LessonVerifier {
            REPL(
                console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
                timeout: BusyMachine.requestTimeout)
        }
        #expect(await verifier.problems(in: lesson) == [])
    }

    /// A route the checks cannot tell from a right answer is reported, as is one that fails.
    @Test func aVerifierThatCanFail() async throws {
        let text = """
            %server builtin dstu2
            # try: Log in by email
            > login --email herbert.mustermann@example.at
            also> login f001
            wrong> login --email herbert.mustermann@example.at
            ? logged-in f001
            ? requested GET Patient email=herbert.mustermann@example.at
            hint: Patient has a search parameter email.
            hint: login --email ADDRESS.
            """
        let lesson = try Lesson(parsing: text, file: "x.lesson", id: "99-x")
        let verifier = LessonVerifier {
            REPL(
                console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
                timeout: BusyMachine.requestTimeout)
        }
        let problems = await verifier.problems(in: lesson)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.hasPrefix("step 1 (Log in by email), also route 1: did not complete the step") == true)
        #expect(
            problems.last?.hasSuffix(
                "wrong attempt 1: completed the step, so the checks cannot tell it from a right answer") == true)
    }

    /// A step whose checks hold before anything is typed is reported once, for the step, and
    /// its routes are not run: none of them could tell anything.
    @Test func aStepThatCannotFail() async throws {
        let text = """
            %server builtin dstu2
            # try: Connect
            > connect builtin dstu2
            also> connect builtin
            wrong> connect builtin r4
            ? connected
            hint: one
            hint: two
            """
        let lesson = try Lesson(parsing: text, file: "x.lesson", id: "99-x")
        let problems = await LessonVerifier(servers: { .inProcess(now: nil) }).problems(in: lesson)
        #expect(problems == ["step 1 (Connect): the step's checks hold before anything is typed, so they cannot fail"])
    }
}

/// The routes `lesson check` makes itself, proven on lessons written here.
@Suite("Generated lesson routes", .serialized)
struct GeneratedLessonRouteTests {
    static func report(_ checks: String) async throws -> LessonVerifier.GeneratedRoutes {
        let text = """
            %server builtin r4
            %load data/vitals-r4.ndjson
            # try: Herbert's systolic readings
            > search Observation patient=f001 code=http://loinc.org|8480-6
            also> search Observation patient=f001 code=8480-6
            wrong> search Observation code=8480-6
            \(checks)
            hint: one
            hint: two
            """
        let lesson = try Lesson(parsing: text, file: LessonTests.folder + "/x.lesson", id: "99-x")
        return await LessonVerifier(servers: { .inProcess(now: nil) }).report(for: lesson)
    }

    /// Every systolic reading of Herbert's is `final`: only a copy in another status tells
    /// `status=final` from the whole set. A check of the set refuses it there.
    @Test func aNarrowingToldApartOnDataTheCheckAdds() async throws {
        let report = try await Self.report("? answers GET Observation?patient=f001&code=http://loinc.org|8480-6")
        #expect(report.problems == [])
        #expect(report.distinguished == 1)
        #expect(report.steps.count == 1 && report.steps[0].mutants == report.mutants && report.mutants >= 3)
    }

    /// A copy the step's own solution no longer completes with (a check of the ids the data
    /// holds) proves nothing either way: the mutant is said to be unproven, not failed or passed.
    @Test func aCopyThatBreaksTheStepProvesNothing() async throws {
        let report = try await Self.report(
            "? requested GET Observation patient=f001 code\n? result fhirpath entry.resource.all(id.contains('-'))")
        #expect(report.unproven.count == 1)
        #expect(report.unproven.first?.contains("status=final") == true)
        #expect(!report.problems.contains { $0.contains("status=final") })
    }

    /// A check of the request's parameters alone takes the narrowed search, even on data where
    /// it answers less: the generator says so.
    @Test func aCheckThatTakesANarrowing() async throws {
        let report = try await Self.report("? requested GET Observation patient=f001 code")
        #expect(report.problems.contains { $0.contains("status=final") && $0.contains("even with a copy") })
        #expect(report.problems.contains { $0.contains("_id=") })
    }
}
