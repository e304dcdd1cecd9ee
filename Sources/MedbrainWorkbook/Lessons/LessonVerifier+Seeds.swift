import Foundation
import MedbrainREPL

/// A lesson must hold on every student's data, not only on the dataset as written: its
/// solution walks the lesson again on seeded data, each step in one session, with computed
/// answers as that data gives them. A number written into a check fails there; a stated
/// answer whose solution looks up something else on seeded data is refused too, since the data
/// decides it (`answer: fhirpath …` computes it). The `wrong>` routes are proven on the
/// dataset as written only.
extension LessonVerifier {
    /// Seeds whose data differs in the ways a lesson can notice: doses missed, moved, dropped.
    static let seeds = ["1", "2", "3"]

    func seededProblems(in lesson: Lesson) async -> [String] {
        guard lesson.header.server != nil else { return [] }
        let written = await walk(lesson, seed: nil)
        var problems: [String] = []
        for seed in Self.seeds {
            let seeded = await walk(lesson, seed: seed)
            if let problem = seeded.problem {
                problems.append(problem)
                continue
            }
            for (index, lookups) in seeded.statedLookups.sorted(by: { $0.key < $1.key })
            where written.statedLookups[index] != lookups {
                problems.append(
                    "step \(index + 1) (\(lesson.steps[index].title)), with seed \(seed): its answer is stated, but its "
                        + "solution looks up something else on this data; compute it (answer: fhirpath GET PATH EXPRESSION)"
                )
            }
        }
        return problems
    }

    /// One walk: the first step its solution did not complete, and what the solution of each
    /// question with stated answers only printed before it answered.
    private struct Walk {
        var problem: String?
        var statedLookups: [Int: String] = [:]
    }

    private func walk(_ lesson: Lesson, seed: String?) async -> Walk {
        let printed = Printed()
        let repl = makeListening?(printed) ?? makeREPL()
        let lessons = LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)
        lessons.progress.seed = seed
        repl.extensions = [lessons]
        var walk = Walk()
        let name = "with seed \(seed ?? "default")"
        if await repl.executeQuietly(["lesson \(lesson.id)"]) {
            walk = await steps(of: lesson, named: name, in: repl, lessons: lessons, printed: printed)
        } else {
            walk.problem = "\(name): the lesson did not start"
        }
        await repl.shutdown()
        return walk
    }

    private func steps(of lesson: Lesson, named name: String, in repl: REPL, lessons: LessonCommands, printed: Printed)
        async -> Walk
    {
        var walk = Walk()
        for (index, step) in lesson.steps.enumerated() {
            let commands = await LessonCommands.solution(of: step, in: repl)
            let lookups = commands.filter { !$0.hasPrefix("answer ") }
            _ = printed.take()
            for command in lookups { await repl.execute(command) }
            if step.kind == .question, !step.answers.contains(where: \.isComputed) {
                walk.statedLookups[index] = Self.withoutAddresses(printed.take())
            }
            _ = await repl.executeQuietly(commands.filter { $0.hasPrefix("answer ") })
            guard lessons.progress.lessons[lesson.id]?.step != index || !lessons.checking else {
                let missing = await lessons.missing(step, in: repl)
                walk.problem =
                    "step \(index + 1) (\(step.title)), \(name): the solution did not complete the step "
                    + "(\(missing.joined(separator: "; "))); a check or an answer holds only on the data as written"
                return walk
            }
        }
        return walk
    }

    /// Each run's servers listen on ports of their own: the same answer, another address.
    static func withoutAddresses(_ text: String) -> String {
        text.replacingOccurrences(of: #"http://127\.0\.0\.1:[0-9]+"#, with: "BASE", options: .regularExpression)
    }
}
