import Foundation
import MedbrainDataset
import MedbrainREPL

/// The workbook in the REPL: `lesson`, `next`, `back`, `hint`, `solution`, `answer`, `check`,
/// `reset`, `progress`. After every other command it checks the current step, says what is still
/// missing, and moves on when the step is done.
public final class LessonCommands: REPLExtension {
    /// Read when a lesson is first asked for, not at start: most sessions and every one-shot
    /// command never open one, and reading them parses every lesson and its FHIRPath checks.
    private(set) lazy var workbook: Workbook = loadWorkbook()
    private let loadWorkbook: () -> Workbook
    var progress: LessonProgress
    /// Where progress is kept; nil keeps it in memory (tests, a read-only home).
    let progressPath: String?
    /// Hints shown so far for the current step.
    var hintsShown = 0
    /// Whether the current step's question was answered right.
    var answered = false
    /// The session's request count when the current step was shown: its requests come after.
    var requestMark = 0
    /// Set while a lesson starts, so its own `connect` is not taken for the student's.
    var starting = false
    /// The lesson started in this session: only its steps are checked after commands, so a
    /// student coming back is not congratulated for what a command did by chance.
    var startedHere: String?
    /// False once the lesson started here is finished: its last step is not checked again.
    var checking = false

    /// `$MEDBRAIN_SEED`, for a class whose instructor sets each student's seed; the student's
    /// own `lesson --seed` comes first.
    let classSeed: String?

    /// The wall clock of the progress file's times (a test fixes it; the lesson's own clock is
    /// the story's, 2016).
    let clock: @Sendable () -> Date
    /// The class server the events also go to, once the student joined one.
    public var reporter: ClassReporter?
    /// The instructor's key to the class server (`MEDBRAIN_CLASS_KEY`), for `progress --class`.
    let instructorKey: String?
    /// The seed the class gave this student when they joined: the instructor's, so the
    /// instructor can make the same data again to help them.
    var classSeedJoined: String?

    /// Worth a line at start: an unreadable progress file. (A broken lesson file is said when
    /// the lessons are read, by `lesson`.)
    public let warnings: [String]

    /// The workbook `load` reads, when a lesson is first asked for.
    public init(
        workbook load: @escaping () -> Workbook, progressPath: String?, classSeed: String? = nil,
        instructorKey: String? = nil, clock: @escaping @Sendable () -> Date = Date.init
    ) {
        loadWorkbook = load
        self.instructorKey = instructorKey
        self.clock = clock
        self.progressPath = progressPath
        let seed = classSeed.map(DatasetSeed.parse)
        self.classSeed = try? seed?.get().word
        let (loaded, warning) = progressPath.map(LessonProgress.load(from:)) ?? (LessonProgress(), nil)
        progress = loaded
        // Said, not ignored: a class seeded with names that all fell back would share one dataset.
        var seedWarning: String?
        if case .failure(let problem) = seed { seedWarning = "MEDBRAIN_SEED is not used: \(problem)" }
        warnings = [warning, seedWarning].compactMap { $0 }
    }

    public convenience init(workbook: Workbook, progressPath: String?) {
        self.init(workbook: { workbook }, progressPath: progressPath)
    }

    /// The seed word the lessons' data comes from; nil is the dataset as written.
    var seed: String? {
        let word = classSeedJoined ?? progress.seed ?? classSeed
        return word?.lowercased() == "default" ? nil : word
    }

    /// Checks the step after every command but the workbook's own; a failed command can be
    /// the point of a step (`tried`), but only a success earns a "still to do".
    public func commandFinished(_ line: String, succeeded: Bool, in repl: any LessonHost) async {
        let name = line.split(separator: " ").first.map { $0.lowercased() } ?? ""
        // A SMART login, or a connect that resumed one, to a class server joins its class.
        if succeeded, !starting, (name == "login" && line.contains("--smart")) || name == "connect" {
            await join(in: repl)
        }
        // Nothing to check (and no lesson to read) until a lesson is started in this session.
        guard checking, startedHere != nil, !starting, !Self.leaving.contains(name), !Self.names.contains(name),
            let (lesson, index) = currentStep(), startedHere == lesson.id
        else { return }
        let step = lesson.steps[index]
        if step.isExercise { progress.lessons[lesson.id, default: .init()][exercise: index].commands += 1 }
        let missing = await missing(step, in: repl)
        guard missing.isEmpty else {
            // A question is done by 'answer': looking things up leaves nothing else undone.
            let reminder = missing.filter { $0 != Self.unanswered }
            if succeeded, !reminder.isEmpty { repl.print("  (still to do: \(reminder.joined(separator: "; ")))") }
            if step.isExercise {
                let pointed = pointOut(line, step: step, in: repl)
                // Looking things up is no wrong attempt; a mistake the step names is, and in a `try`
                // a command that failed (a question's lookups may fail on purpose: its answer counts).
                if pointed || (!succeeded && step.kind == .try) { wrong(line, lesson, step: index) }
                save(in: repl)
            }
            return
        }
        await removeOtherDoses(of: step, in: repl)
        advance(lesson, from: index, in: repl)
    }

    /// When a step that asks for one dose is done, the other administrations its tries wrote
    /// (a server accepts a dose at the wrong hour, or for the wrong order) are deleted, and the
    /// student is told: left, they would be counted in the next step's chart.
    func removeOtherDoses(of step: Lesson.Step, in repl: any LessonHost) async {
        let doses = step.checks.compactMap { check -> DoseExpectation? in
            if case .doseWritten(let dose) = check { return dose }
            return nil
        }
        guard !doses.isEmpty else { return }
        var others: [String] = []
        for reference in Set(repl.requests.written(since: requestMark)).sorted()
        where reference.hasPrefix("MedicationAdministration/") {
            var asked = false
            for dose in doses where await dose.missing(in: repl, written: [reference]) == nil { asked = true }
            if !asked { others.append(reference) }
        }
        guard !others.isEmpty else { return }
        var removed = 0
        for reference in others where (try? await repl.remove(reference)) != nil { removed += 1 }
        if removed > 0 {
            repl.printWrapped(
                "(The other \(removed == 1 ? "administration" : "\(removed) administrations") this step wrote, "
                    + "not the dose it asked for, \(removed == 1 ? "was" : "were") deleted, so the chart counts each dose once.)",
                indent: 2)
        }
    }

    /// A lesson with `%allow` refuses the other commands while its steps are checked, and
    /// says so, so a student reaching for a shortcut learns to write the request instead.
    public func refusal(of name: String, in repl: any LessonHost) -> String? {
        guard checking, startedHere != nil, !starting, let (lesson, index) = currentStep(), startedHere == lesson.id,
            let allowed = lesson.allowedCommands(at: index),
            !allowed.contains(name), !Self.alwaysAllowed.contains(name)
        else { return nil }
        return "lesson \(lesson.number.map(String.init) ?? lesson.id) asks for the requests themselves, "
            + "not the shortcut '\(name)'; allowed here: \(allowed.joined(separator: ", "))"
    }

    /// On a terminal at start: where the student left off, if a lesson is unfinished.
    public var resumeNote: String? {
        guard let (lesson, index) = currentStep(), progress.lessons[lesson.id]?.finished != true else { return nil }
        let number = lesson.number.map(String.init) ?? lesson.id
        return "Lesson \(number) (\(lesson.title)) is at step \(index + 1) of \(lesson.steps.count): "
            + "'lesson \(number)' resumes it."
    }

    /// The lessons' names without their numbers, for Tab after `lesson` and `reset`.
    var lessonNames: [String] {
        workbook.lessons.map { String($0.id.drop { $0.isNumber || $0 == "-" }) }
    }

    func lesson(named name: String) throws -> Lesson {
        guard let lesson = workbook.lesson(name) else {
            throw REPLError("no lesson '\(name)'; 'lesson' lists them")
        }
        return lesson
    }

    /// The lesson started last and its step, if it is still in the workbook.
    func currentStep() -> (Lesson, Int)? {
        guard let id = progress.current, let lesson = workbook.lessons.first(where: { $0.id == id }) else { return nil }
        return (lesson, min(progress.lessons[id]?.step ?? 0, lesson.steps.count - 1))
    }

    /// The lesson this session works on; one saved from an earlier session must be resumed
    /// first, so its state is rebuilt before its steps are checked.
    func active() throws -> (Lesson, Int) {
        guard let current = currentStep() else { throw REPLError("no lesson started; 'lesson' lists them") }
        guard startedHere == current.0.id else {
            let number = current.0.number.map(String.init) ?? current.0.id
            throw REPLError("lesson \(number) is not open in this session; 'lesson \(number)' resumes it")
        }
        return current
    }

    func save(in repl: any LessonHost) {
        if let reporter { progress.classroom?.acknowledged = reporter.acknowledged }
        guard let progressPath else { return }
        do { try progress.save(to: progressPath) } catch {
            repl.print("warning: progress not saved to \(progressPath): \(error.localizedDescription)")
        }
    }
}
