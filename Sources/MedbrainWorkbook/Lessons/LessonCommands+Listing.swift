import MedbrainREPL

/// `lesson` without arguments, and `progress`.
extension LessonCommands {
    /// Every lesson with a mark: `[x]` finished, `[>]` started, `[ ]` not yet.
    /// A lesson file that could not be read is said first, so its author sees why it is missing.
    func list(in repl: any LessonHost) {
        for problem in workbook.problems { repl.print("warning: \(problem)") }
        guard !workbook.lessons.isEmpty else {
            return repl.print("No lessons in \(workbook.folder); MEDBRAIN_LESSONS names another folder.")
        }
        for lesson in workbook.lessons {
            let entry = progress.lessons[lesson.id]
            let mark = entry?.finished == true ? "[x]" : entry != nil || progress.current == lesson.id ? "[>]" : "[ ]"
            let number = lesson.number.map(String.init) ?? "-"
            let sections = lesson.sections.isEmpty ? "" : "  (\(lesson.sections))"
            let alone = outcomes(in: lesson)[.alone, default: 0]
            let exercises =
                lesson.exercises == 0
                ? "" : ", \(solved(in: lesson)) of \(lesson.exercises) exercises solved (\(alone) with no hint)"
            repl.print("\(mark) \(number.count < 2 ? " " + number : number)  \(lesson.title)\(sections)\(exercises)")
        }
        repl.print("'lesson N' starts or resumes lesson N.")
        if let seed {
            repl.print("Your own doses come from seed \(seed); 'lesson --seed default' uses the data as written.")
        }
    }

    func report(in repl: any LessonHost) {
        let done = workbook.lessons.filter { progress.lessons[$0.id]?.finished == true }.count
        repl.print("\(done) of \(workbook.lessons.count) lessons finished.")
        let exercises = workbook.lessons.map(\.exercises).reduce(0, +)
        if exercises > 0 {
            let solved = workbook.lessons.map(solved(in:)).reduce(0, +)
            var outcomes: [ExerciseRecord.Outcome: Int] = [:]
            for lesson in workbook.lessons { outcomes.merge(self.outcomes(in: lesson), uniquingKeysWith: +) }
            let wrong = workbook.lessons.flatMap {
                progress.lessons[$0.id]?.exercises.values.map(\.wrongAttempts) ?? []
            }
            repl.print(
                "\(solved) of \(exercises) exercises solved without the solution shown: "
                    + "\(outcomes[.alone, default: 0]) with no hint, \(outcomes[.withHints, default: 0]) with hints; "
                    + "\(outcomes[.afterSolution, default: 0]) after the solution; "
                    + "\(wrong.reduce(0, +)) wrong attempts in all. 'progress N' says how each of lesson N went.")
        }
        guard let (lesson, index) = currentStep() else { return }
        let number = lesson.number.map(String.init) ?? lesson.id
        guard progress.lessons[lesson.id]?.finished != true else {
            repl.print("Lesson \(number), \(lesson.title), is finished.")
            return suggestNext(after: lesson, in: repl)
        }
        repl.print("Lesson \(number), \(lesson.title): step \(index + 1) of \(lesson.steps.count).")
    }

    /// The lesson's exercises solved before their solution was shown.
    func solved(in lesson: Lesson) -> Int {
        progress.lessons[lesson.id]?.solvedAlone.count ?? 0
    }

    /// How many of the lesson's exercises went each way (files from before records: none).
    func outcomes(in lesson: Lesson) -> [ExerciseRecord.Outcome: Int] {
        var counts: [ExerciseRecord.Outcome: Int] = [:]
        for record in progress.lessons[lesson.id]?.exercises.values ?? [:].values {
            counts[record.outcome, default: 0] += 1
        }
        return counts
    }

    /// `progress N`: each exercise of the lesson, how it went.
    func report(_ lesson: Lesson, in repl: any LessonHost) {
        let number = lesson.number.map(String.init) ?? lesson.id
        repl.print("Lesson \(number), \(lesson.title):")
        let entry = progress.lessons[lesson.id] ?? .init()
        for (index, step) in lesson.steps.enumerated() where step.isExercise {
            let record = entry[exercise: index]
            let par =
                step.par.map { record.solved ? " in \(record.commands) commands (par \($0))" : " (par \($0))" } ?? ""
            repl.print("  step \(index + 1)  \(step.title): \(record.summary)\(par)")
        }
    }
}

/// `lesson --format json` and `progress --format json`: the same facts as data.
extension LessonCommands {
    struct LessonListing: Encodable {
        var id: String
        var number: Int?
        var title: String
        var sections: String
        var steps: Int
        var exercises: Int
        /// `finished`, `started` or `not started`.
        var status: String
        /// The step the student is at, from 1, once started.
        var step: Int?
        var solved: Int
        var solvedWithNoHint: Int
    }

    func listJSON(in repl: any LessonHost) {
        let listing = workbook.lessons.map { lesson in
            let entry = progress.lessons[lesson.id]
            let status =
                entry?.finished == true
                ? "finished" : entry != nil || progress.current == lesson.id ? "started" : "not started"
            return LessonListing(
                id: lesson.id, number: lesson.number, title: lesson.title, sections: lesson.sections,
                steps: lesson.steps.count, exercises: lesson.exercises, status: status,
                step: entry.map { $0.step + 1 }, solved: solved(in: lesson),
                solvedWithNoHint: outcomes(in: lesson)[.alone, default: 0])
        }
        repl.print(ProgressReport.json(listing))
    }

    /// The student's progress as data; with `lesson`, that lesson's alone.
    func reportJSON(_ lesson: Lesson?, in repl: any LessonHost) {
        var report = ProgressReport(progress, workbook: workbook)
        if let lesson {
            report.lessons = report.lessons.filter { $0.id == lesson.id }
            if report.lessons.isEmpty {
                var fresh = LessonProgress()
                fresh.lessons[lesson.id] = LessonEntry()
                report.lessons = ProgressReport(fresh, workbook: workbook).lessons
            }
        }
        repl.print(ProgressReport.json(report))
    }
}
