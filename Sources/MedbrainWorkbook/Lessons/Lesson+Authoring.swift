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
            if let leak = step.hintLeak { problems.append("\(place): \(leak)") }
            if step.wrongAttempts.isEmpty {
                let example = step.kind == .try ? "'wrong> COMMAND'" : "'wrong> answer VALUE'"
                problems.append("\(place): an exercise needs a plausible wrong attempt (\(example))")
            }
            return problems
        }
    }
}

extension Lesson.Step {
    /// What a hint gives away: the last hint of a `try` typing a command of the solution (a
    /// command of more than its name), or any hint of a question holding its answer as a word.
    /// Hints nudge; `solution` is where the way is shown, and it is counted.
    var hintLeak: String? {
        switch kind {
        case .show: return nil
        case .try:
            guard let last = hints.last?.lowercased(),
                let command = commands.first(where: { $0.contains(" ") && last.contains($0.lowercased()) })
            else { return nil }
            return "the last hint types the solution's command ('\(command)'); hints nudge, 'solution' shows it"
        case .question:
            guard let answer = commands.last(where: { $0.hasPrefix("answer ") })?.dropFirst(7).lowercased(),
                let hint = hints.first(where: { Self.words(of: $0).contains(answer) })
            else { return nil }
            return "a hint gives the answer away ('\(hint)')"
        }
    }

    /// The hint's words and runs of words, lowercased, split at anything but letters, digits,
    /// `-` and `.` inside a word: `'answer 11'` holds `11`, `2011` does not.
    private static func words(of text: String) -> Set<String> {
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
        var runs = Set(words)
        for length in 2...4 where words.count >= length {
            for start in 0...(words.count - length) {
                runs.insert(words[start..<start + length].joined(separator: " "))
            }
        }
        return runs
    }
}
