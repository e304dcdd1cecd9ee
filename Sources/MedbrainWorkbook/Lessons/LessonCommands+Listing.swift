import MedbrainREPL

/// `lesson` without arguments, and `progress`.
extension LessonCommands {
    /// Every lesson with a mark: `[x]` finished, `[>]` started, `[ ]` not yet.
    /// A lesson file that could not be read is said first, so its author sees why it is missing.
    func list(in repl: REPL) {
        for problem in workbook.problems { repl.print("warning: \(problem)") }
        guard !workbook.lessons.isEmpty else {
            return repl.print("No lessons in \(workbook.folder); MEDBRAIN_LESSONS names another folder.")
        }
        for lesson in workbook.lessons {
            let entry = progress.lessons[lesson.id]
            let mark = entry?.finished == true ? "[x]" : entry != nil || progress.current == lesson.id ? "[>]" : "[ ]"
            let number = lesson.number.map(String.init) ?? "-"
            let sections = lesson.sections.isEmpty ? "" : "  (\(lesson.sections))"
            let exercises =
                lesson.exercises == 0 ? "" : ", \(solved(in: lesson)) of \(lesson.exercises) exercises solved"
            repl.print("\(mark) \(number.count < 2 ? " " + number : number)  \(lesson.title)\(sections)\(exercises)")
        }
        repl.print("'lesson N' starts or resumes lesson N.")
    }

    func report(in repl: REPL) {
        let done = workbook.lessons.filter { progress.lessons[$0.id]?.finished == true }.count
        repl.print("\(done) of \(workbook.lessons.count) lessons finished.")
        let exercises = workbook.lessons.map(\.exercises).reduce(0, +)
        if exercises > 0 {
            let solved = workbook.lessons.map(solved(in:)).reduce(0, +)
            repl.print("\(solved) of \(exercises) exercises solved without the solution shown.")
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
}
