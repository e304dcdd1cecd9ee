extension Lesson {
    /// What the workbook asks of every exercise, beyond what makes a lesson readable: two or
    /// more graduated hints, and for a `try` another correct route and a plausible wrong
    /// attempt (for a question, a wrong answer), so the test suite can prove its checks both
    /// ways. `medbrain lesson check` reports them beside the routes that fail.
    public var authoringProblems: [String] {
        steps.enumerated().flatMap { index, step -> [String] in
            guard step.isExercise else { return [] }
            let place = "step \(index + 1) (\(step.title))"
            var problems: [String] = []
            if step.hints.count < 2 { problems.append("\(place): an exercise needs two or more hints, graduated") }
            if step.kind == .try, step.otherRoutes.isEmpty {
                problems.append("\(place): a try step needs another correct route ('also> COMMAND')")
            }
            if step.wrongAttempts.isEmpty {
                let example = step.kind == .try ? "'wrong> COMMAND'" : "'wrong> answer VALUE'"
                problems.append("\(place): an exercise needs a plausible wrong attempt (\(example))")
            }
            return problems
        }
    }
}
