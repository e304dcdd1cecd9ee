import Foundation
import MedbrainREPL

/// A question must be answered by looking, not by remembering: its answer may not be among
/// what the lesson printed before it (the steps' texts, and what their solutions' commands
/// printed), where a student would simply copy it. Three things are fair: a value inside a
/// resource's JSON or a row of a table (finding it among the others is the skill), and an
/// answer the question's own text holds among others (the body whose issue the student must
/// read names every element).
extension LessonVerifier {
    /// Runs the lesson's solutions in one session that keeps what it printed and, before each
    /// question, looks for its accepted answers there.
    func answersPrintedBefore(in lesson: Lesson) async -> [String] {
        guard let makeListening else { return [] }
        let printed = Printed()
        let repl = makeListening(printed)
        repl.extensions = [LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)]
        await repl.execute("lesson \(lesson.id)")
        var (seen, problems) = ("", [String]())
        _ = printed.take()
        for (index, step) in lesson.steps.enumerated() {
            if step.kind == .question {
                // The question's own text is printed when its step is shown: look before that.
                let before = Self.withoutTables(
                    Self.withoutJSON(String(seen.prefix(seen.count - Self.shown(step, in: seen)))))
                let asked = step.narrative.joined(separator: "\n")
                for answer in step.answers {
                    guard case .success(let values) = await answer.values(in: repl) else { continue }
                    if let value = values.first(where: { Self.printed($0, in: before) && !Self.printed($0, in: asked) })
                    {
                        problems.append(
                            "step \(index + 1) (\(step.title)): its answer '\(value)' was printed before the question")
                        break
                    }
                }
            }
            for command in step.commands { await repl.execute(command) }
            // What the lesson showed and printed so far, up to the next step's narrative.
            seen += printed.take()
        }
        await repl.shutdown()
        return problems
    }

    /// The text without the JSON documents in it (from a line `{` to the next line `}`): finding
    /// a value in a resource the student fetched is the skill a question practises; a summary
    /// line ("11 matches", the account screen, a table) is what a student would copy.
    static func withoutJSON(_ text: String) -> String {
        var (kept, inside) = ([Substring](), false)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "{" || line == "[" { inside = true }
            if !inside { kept.append(line) }
            if line == "}" || line == "]" { inside = false }
        }
        return kept.joined(separator: "\n")
    }

    /// The text without the rows of tables: lines whose cells are set apart by two spaces or
    /// more, twice or more (`ord-02  Nasivin nasal drops  completed`).
    static func withoutTables(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: "  ", omittingEmptySubsequences: true).count < 3
        }.joined(separator: "\n")
    }

    /// Whether `answer` was printed where a student would copy it. A number is printed all over
    /// (order numbers, chart axes, times), so a number counts only as a count the output gave:
    /// "54 matches", "total 54".
    static func printed(_ answer: String, in text: String) -> Bool {
        guard answer.allSatisfy({ $0.isNumber || $0 == "." }) else { return holds(text, word: answer) }
        return ["\(answer) match", "\(answer) matches", "total \(answer)", "total: \(answer)"].contains {
            holds(text, word: $0)
        }
    }

    /// How much of the end of `text` is the step's own heading and narrative.
    private static func shown(_ step: Lesson.Step, in text: String) -> Int {
        guard let heading = text.range(of: ": \(step.title)\n", options: .backwards) else { return 0 }
        let line = text[..<heading.lowerBound].lastIndex(of: "\n") ?? text.startIndex
        return text.distance(from: line, to: text.endIndex)
    }

    /// Whether `word` stands in `text` on its own: not inside a longer number, name, date or
    /// time (`11` is in "11 matches", not in "2016-08-11" or "ord-11").
    static func holds(_ text: String, word: String) -> Bool {
        let text = text.lowercased()
        var start = text.startIndex
        while let found = text.range(of: word, range: start..<text.endIndex) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let afterNext =
                found.upperBound == text.endIndex || text.index(after: found.upperBound) == text.endIndex
                ? nil : text[text.index(after: found.upperBound)]
            let joined = { (character: Character?) in
                character.map { $0.isLetter || $0.isNumber || "-:/_#".contains($0) } ?? false
            }
            let decimal = after == "." && (afterNext?.isNumber ?? false)
            if !joined(before), !joined(after), !decimal, before != "." { return true }
            start = found.upperBound
        }
        return false
    }
}
