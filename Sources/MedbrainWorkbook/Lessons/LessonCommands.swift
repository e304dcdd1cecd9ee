import MedbrainREPL

/// The workbook in the REPL: `lesson`, `next`, `back`, `hint`, `solution`, `check`, `reset`,
/// `progress`. After every other command it checks the current step, says what is still
/// missing, and moves on when the step is done.
public final class LessonCommands: REPLExtension {
    let workbook: Workbook
    var progress: LessonProgress
    /// Where progress is kept; nil keeps it in memory (tests, a read-only home).
    let progressPath: String?
    /// Hints shown so far for the current step.
    var hintsShown = 0
    /// Set while a lesson starts, so its own `connect` is not taken for the student's.
    var starting = false
    /// The lesson started in this session: only its steps are checked after commands, so a
    /// student coming back is not congratulated for what a command did by chance.
    var startedHere: String?
    /// False once the lesson started here is finished: its last step is not checked again.
    var checking = false

    public let title = "Workbook"
    public let commands = [
        ExtensionCommand(
            name: "lesson", usage: "lesson [N|NAME]", summary: "list the lessons, or start or resume one",
            example: "lesson 3"),
        ExtensionCommand(name: "next", usage: "next", summary: "go on to the next step", example: "next"),
        ExtensionCommand(name: "back", usage: "back", summary: "go back a step", example: "back"),
        ExtensionCommand(name: "hint", usage: "hint", summary: "one more hint for this step", example: "hint"),
        ExtensionCommand(
            name: "solution", usage: "solution", summary: "what to type for this step", example: "solution"),
        ExtensionCommand(name: "check", usage: "check", summary: "check this step now", example: "check"),
        ExtensionCommand(
            name: "reset", usage: "reset [N]", summary: "start a lesson over (default: this one)", example: "reset 3"),
        ExtensionCommand(
            name: "progress", usage: "progress", summary: "the lessons done and the step you are at",
            example: "progress"),
    ]

    /// Worth a line each at start: broken lesson files, an unreadable progress file.
    public let warnings: [String]

    public init(workbook: Workbook, progressPath: String?) {
        self.workbook = workbook
        self.progressPath = progressPath
        let (loaded, warning) = progressPath.map(LessonProgress.load(from:)) ?? (LessonProgress(), nil)
        progress = loaded
        warnings = workbook.problems + [warning].compactMap { $0 }
    }

    public func run(_ name: String, _ arguments: [String], in repl: REPL) async throws {
        switch (name, arguments.count) {
        case ("lesson", 0): list(in: repl)
        case ("lesson", 1): try await start(try lesson(named: arguments[0]), in: repl)
        case ("next", 0): try move(by: 1, in: repl)
        case ("back", 0): try move(by: -1, in: repl)
        case ("hint", 0): try hint(in: repl)
        case ("solution", 0): try solution(in: repl)
        case ("check", 0): try await check(in: repl)
        case ("reset", 0...1): try await reset(arguments.first, in: repl)
        case ("progress", 0): report(in: repl)
        default:
            let usage = commands.first { $0.name == name }?.usage ?? name
            throw REPLError("usage: \(usage)")
        }
    }

    /// Checks the step after every command but the workbook's own; a failed command can be
    /// the point of a step (`tried`), but only a success earns a "still to do".
    public func commandFinished(_ line: String, succeeded: Bool, in repl: REPL) async {
        let name = line.split(separator: " ").first.map { $0.lowercased() } ?? ""
        guard !starting, !["quit", "exit"].contains(name), !commands.contains(where: { $0.name == name }),
            let (lesson, index) = currentStep(), startedHere == lesson.id, checking
        else { return }
        let missing = await missing(lesson.steps[index], in: repl)
        guard missing.isEmpty else {
            if succeeded { repl.print("  (still to do: \(missing.joined(separator: "; ")))") }
            return
        }
        repl.print("Step \(index + 1) done.")
        advance(lesson, from: index, in: repl)
    }

    /// On a terminal at start: where the student left off, if a lesson is unfinished.
    public var resumeNote: String? {
        guard let (lesson, index) = currentStep(), progress.lessons[lesson.id]?.finished != true else { return nil }
        let number = lesson.number.map(String.init) ?? lesson.id
        return "Lesson \(number) (\(lesson.title)) is at step \(index + 1) of \(lesson.steps.count): "
            + "'lesson \(number)' resumes it."
    }

    public func completions(for words: [String], in repl: REPL) -> [String] {
        guard words.count == 2, ["lesson", "reset"].contains(words[0].lowercased()) else { return [] }
        return workbook.lessons.map { String($0.id.drop { $0.isNumber || $0 == "-" }) }
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

    func save(in repl: REPL) {
        guard let progressPath else { return }
        do { try progress.save(to: progressPath) } catch {
            repl.print("warning: progress not saved to \(progressPath): \(error.localizedDescription)")
        }
    }
}
