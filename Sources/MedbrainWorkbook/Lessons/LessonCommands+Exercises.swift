import FHIRPath
import MedbrainREPL

/// What makes a step an exercise: answers to questions, pointed hints for common mistakes,
/// and the solution as a last resort, remembered when it was shown.
extension LessonCommands {
    /// `answer VALUE`: a question's answer, compared without case or spacing.
    func answer(_ words: [String], in repl: REPL) async throws {
        let (lesson, index) = try active()
        let step = lesson.steps[index]
        guard step.kind == .question else {
            throw REPLError("this step is not a question; 'answer' answers questions")
        }
        let given = Self.normalized(words.joined(separator: " "))
        guard await accepted(step, in: repl).contains(given) else {
            answered = false
            let pointed = step.mistakes.first { $0.matches("answer " + words.joined(separator: " ")) }
            return repl.printWrapped(
                "Not quite: \(given) is not the answer. " + (pointed?.feedback ?? "'hint' helps."), indent: 0)
        }
        answered = true
        try await check(in: repl)
    }

    /// A question's answers, normalized: those stated, and those computed from the server's
    /// data (`answer: fhirpath GET PATH EXPRESSION`, each item of the result).
    func accepted(_ step: Lesson.Step, in repl: REPL) async -> Set<String> {
        var accepted: Set<String> = []
        for answer in step.answers {
            guard answer.hasPrefix("fhirpath GET ") else {
                accepted.insert(Self.normalized(answer))
                continue
            }
            let words = answer.split(separator: " ", maxSplits: 3).map(String.init)
            guard words.count == 4, let expression = try? FHIRPathExpression(words[3]),
                let json = try? await repl.fetch(words[2]), let values = try? repl.values(of: expression, on: json)
            else { continue }
            accepted.formUnion(values.map(Self.normalized))
        }
        return accepted
    }

    /// After a command that did not complete an exercise: what is wrong with it, when it is
    /// one of the step's common mistakes.
    func pointOut(_ line: String, step: Lesson.Step, in repl: REPL) {
        guard let mistake = step.mistakes.first(where: { $0.matches(line) }) else { return }
        repl.printWrapped("(hint: \(mistake.feedback))", indent: 2)
    }

    func solution(in repl: REPL) throws {
        let (lesson, index) = try active()
        let step = lesson.steps[index]
        if step.isExercise, !(progress.lessons[lesson.id]?.solutionShown.contains(index) ?? false) {
            progress.lessons[lesson.id, default: .init()].solutionShown.insert(index)
            save(in: repl)
        }
        repl.print(step.isExercise ? "One way to do it:" : "Type:")
        for command in step.commands { repl.print("  \(command)") }
    }

    /// A step completed: an exercise counts as solved alone if its solution was not shown.
    func recordSolved(_ lesson: Lesson, step index: Int) {
        guard lesson.steps[index].isExercise else { return }
        let entry = progress.lessons[lesson.id] ?? .init()
        guard !entry.solutionShown.contains(index) else { return }
        progress.lessons[lesson.id, default: .init()].solvedAlone.insert(index)
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
