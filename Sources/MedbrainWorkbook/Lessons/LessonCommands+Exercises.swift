import FHIRPath
import MedbrainREPL

/// What makes a step an exercise: answers to questions, pointed hints for common mistakes,
/// and the solution as a last resort, remembered when it was shown.
extension LessonCommands {
    /// `answer VALUE`: a question's answer, read as the question's type (``AnswerType``).
    func answer(_ words: [String], in repl: any LessonHost) async throws {
        let (lesson, index) = try active()
        let step = lesson.steps[index]
        guard step.kind == .question else {
            throw REPLError("this step is not a question; 'answer' answers questions")
        }
        progress.lessons[lesson.id, default: .init()][exercise: index].commands += 1
        let given = words.joined(separator: " ")
        var (accepted, unchecked): ([String], WorkbookProblem?) = ([], nil)
        for answer in step.answers {
            switch await answer.values(in: repl) {
            case .success(let values): accepted += values
            case .failure(let problem): unchecked = unchecked ?? problem
            }
        }
        // Not the student's mistake when an answer could not be computed: say so, not "not quite".
        let right = accepted.contains { step.answerType.same(given, as: $0) }
        if let unchecked, !right {
            throw REPLError("the answer could not be checked: \(unchecked)")
        }
        guard right else {
            answered = false
            wrong("answer " + given, lesson, step: index)
            save(in: repl)
            let pointed = await mistake(given, of: step, in: repl)
            // Echoed as typed: a case the student chose may be the very thing that is wrong.
            return repl.printWrapped(
                "Not quite: \(given) is not the answer. " + (pointed?.feedback ?? "'hint' helps."), indent: 0)
        }
        answered = true
        try await check(in: repl)
    }

    /// The step's mistake a wrong answer makes: one computed from the student's own data (read
    /// as the question's type), else one whose words match.
    private func mistake(_ given: String, of step: Lesson.Step, in repl: any LessonHost) async -> Lesson.Mistake? {
        for mistake in step.mistakes {
            if let computed = mistake.computed {
                guard case .success(let values) = await computed.values(in: repl) else { continue }
                if values.contains(where: { step.answerType.same(given, as: $0) }) { return mistake }
            } else if mistake.matches("answer " + given) {
                return mistake
            }
        }
        return nil
    }

    /// After a command that did not complete an exercise: what is wrong with it, when it is
    /// one of the step's common mistakes.
    /// Whether it was one.
    @discardableResult
    func pointOut(_ line: String, step: Lesson.Step, in repl: any LessonHost) -> Bool {
        guard let mistake = step.mistakes.first(where: { $0.matches(line) }) else { return false }
        repl.printWrapped("(hint: \(mistake.feedback))", indent: 2)
        return true
    }

    func solution(in repl: any LessonHost) async throws {
        let (lesson, index) = try active()
        let step = lesson.steps[index]
        if step.isExercise, !(progress.lessons[lesson.id]?.solutionShown.contains(index) ?? false) {
            progress.lessons[lesson.id, default: .init()].solutionShown.insert(index)
            progress.lessons[lesson.id, default: .init()][exercise: index].solutionShown = true
            note(.solution, lesson, step: index)
            save(in: repl)
        }
        repl.print(step.isExercise ? "One way to do it:" : "Type:")
        for command in await Self.solution(of: step, in: repl) { repl.print("  \(command)") }
    }

    /// The step's solution as the student's data answers it: a question whose answer is
    /// computed gives the value the server holds now where the one written (for the dataset
    /// as written) is not among them, so a seeded student is not shown someone else's answer.
    static func solution(of step: Lesson.Step, in repl: any LessonHost) async -> [String] {
        guard step.kind == .question else { return step.commands }
        var accepted: [String] = []
        // Computed answers first: a stated one may be a spelling of the default data's value.
        for answer in step.answers.sorted(by: { $0.isComputed && !$1.isComputed }) {
            if case .success(let values) = await answer.values(in: repl) { accepted += values }
        }
        guard let first = accepted.first else { return step.commands }
        return step.commands.map { line in
            guard line.hasPrefix("answer ") else { return line }
            return accepted.contains { step.answerType.same(String(line.dropFirst(7)), as: $0) }
                ? line : "answer \(first)"
        }
    }

    /// A step completed: an exercise counts as solved alone if its solution was not shown.
    /// Returns how it went, against the step's par when it has one (`: solved with no hint`),
    /// the first time; nothing for a demonstration.
    func recordSolved(_ lesson: Lesson, step index: Int) -> String {
        let step = lesson.steps[index]
        guard step.isExercise else { return "" }
        var record = progress.lessons[lesson.id, default: .init()][exercise: index]
        let first = !record.solved
        record.solved = true
        if first { record.solvedAt = clock() }
        progress.lessons[lesson.id, default: .init()][exercise: index] = record
        if !record.solutionShown { progress.lessons[lesson.id, default: .init()].solvedAlone.insert(index) }
        guard first else { return "" }
        var said = ": \(record.summary)"
        if let par = step.par {
            said += record.commands > par ? "; \(record.commands) commands, where \(par) can do it" : "; at par, \(par)"
        }
        return said
    }

}
