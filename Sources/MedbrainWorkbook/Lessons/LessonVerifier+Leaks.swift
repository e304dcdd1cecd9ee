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
        await printedWalk(of: lesson)?.problems ?? []
    }

    /// What a walk through a lesson's solutions printed (JSON and tables left out), and each
    /// question's accepted answers on its data: what a later lesson's questions are read against.
    struct PrintedWalk {
        var problems: [String] = []
        var text = ""
        /// Each question: its step, title, accepted values, own text, and the types its
        /// computed answers search or read.
        var questions: [(step: Int, title: String, values: [String], asked: String, types: Set<String>)] = []
    }

    private func printedWalk(of lesson: Lesson) async -> PrintedWalk? {
        guard let makeListening else { return nil }
        let printed = Printed()
        let repl = makeListening(printed)
        repl.extensions = [LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)]
        await repl.execute("lesson \(lesson.id)")
        var (seen, walk) = ("", PrintedWalk())
        _ = printed.take()
        for (index, step) in lesson.steps.enumerated() {
            if step.kind == .question {
                // The question's own text is printed when its step is shown: look before that.
                let before = Self.withoutTables(
                    Self.withoutJSON(String(seen.prefix(seen.count - Self.shown(step, in: seen)))))
                let asked = step.narrative.joined(separator: "\n")
                var values: [String] = []
                for answer in step.answers {
                    guard case .success(let found) = await answer.values(in: repl) else { continue }
                    values += found
                }
                let types = step.answers.compactMap { answer -> String? in
                    guard case .computed(let path, _) = answer else { return nil }
                    let segments = path.prefix { $0 != "?" }.split(separator: "/")
                    // `Patient/f001/Observation` searches Observations.
                    return String(segments.count == 3 ? segments[2] : segments.first ?? "")
                }
                walk.questions.append((index + 1, step.title, values, asked, Set(types)))
                if let value = values.first(where: { Self.printed($0, in: before) && !Self.printed($0, in: asked) }) {
                    walk.problems.append(
                        "step \(index + 1) (\(step.title)): its answer '\(value)' was printed before the question")
                }
            }
            for command in step.commands { await repl.execute(command) }
            // What the lesson showed and printed so far, up to the next step's narrative.
            seen += printed.take()
        }
        await repl.shutdown()
        walk.text = Self.withoutTables(Self.withoutJSON(seen))
        return walk
    }

    /// Questions whose answers an earlier lesson printed (in the order given, the workbook's),
    /// where a student who took the lessons in order would remember rather than look: a line
    /// per question, by lesson id.
    public func answersPrintedInEarlierLessons(_ lessons: [Lesson]) async -> [String: [String]] {
        var earlier: [(id: String, text: String)] = []
        var problems: [String: [String]] = [:]
        for lesson in lessons {
            guard let walk = await printedWalk(of: lesson) else { return [:] }
            for question in walk.questions {
                for (id, text) in earlier {
                    guard
                        let value = question.values.first(where: {
                            Self.printed($0, in: text, countOf: question.types) && !Self.printed($0, in: question.asked)
                        })
                    else { continue }
                    problems[lesson.id, default: []].append(
                        "step \(question.step) (\(question.title)): its answer '\(value)' was printed in lesson \(id)")
                    break
                }
            }
            earlier.append((lesson.id, walk.text))
        }
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

    /// Whether `answer` was printed in another lesson where a student would remember it: a
    /// word as anywhere; a number only as a count of a search of one of `types` (another
    /// lesson's "1 match" of Patients tells nothing of how many Medications came along).
    static func printed(_ answer: String, in text: String, countOf types: Set<String>) -> Bool {
        guard answer.allSatisfy({ $0.isNumber || $0 == "." }) else { return holds(text, word: answer) }
        return text.split(separator: "\n").contains { line in
            printed(answer, in: String(line)) && types.contains { type in Self.names(line, type) }
        }
    }

    /// Whether `line` shows a request of `type` itself (`GET Medication?…`, not `GET MedicationRequest`).
    private static func names(_ line: Substring, _ type: String) -> Bool {
        var rest = line[...]
        while let found = rest.range(of: "GET \(type)") {
            let after = rest[found.upperBound...].first
            if after == nil || after == "?" || after == "/" || after == " " || after == ")" { return true }
            rest = rest[found.upperBound...]
        }
        return false
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
