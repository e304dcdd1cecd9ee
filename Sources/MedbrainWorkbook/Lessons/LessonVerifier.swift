import MedbrainREPL

/// Proves a lesson's checks both ways: every route to a step's goal (its solution and each
/// `also>` route) completes the step, and no `wrong>` attempt does. Each route runs in a
/// fresh session brought to the step by the solutions of the steps before it.
///
/// The test suite runs it over every lesson, and `medbrain lesson check FILE` over one, so an
/// instructor can test a lesson they wrote without building anything.
public struct LessonVerifier {
    /// A fresh session on a built-in server; the verifier shuts each down after its route.
    let makeREPL: () -> REPL

    public init(makeREPL: @escaping () -> REPL) {
        self.makeREPL = makeREPL
    }

    /// One line per problem (`step 3, also route 1: did not complete the step (…)`); none
    /// when the lesson holds.
    public func problems(in lesson: Lesson) async -> [String] {
        var problems = lesson.authoringProblems + (await unknownCommands(in: lesson))
        for (index, step) in lesson.steps.enumerated() {
            let place = "step \(index + 1) (\(step.title))"
            if let problem = await run(step.commands, at: index, of: lesson, shouldComplete: true) {
                problems.append("\(place), the solution: \(problem)")
            }
            for (number, route) in step.otherRoutes.enumerated() {
                if let problem = await run(route, at: index, of: lesson, shouldComplete: true) {
                    problems.append("\(place), also route \(number + 1): \(problem)")
                }
            }
            for (number, route) in step.wrongAttempts.enumerated() {
                if let problem = await run(route, at: index, of: lesson, shouldComplete: false) {
                    problems.append("\(place), wrong attempt \(number + 1): \(problem)")
                }
            }
        }
        return problems
    }

    /// `%allow` names that are no command, said as a problem each.
    private func unknownCommands(in lesson: Lesson) async -> [String] {
        guard let allowed = lesson.allowedCommands else { return [] }
        let repl = makeREPL()
        let known = Set(repl.commandNames)
        await repl.shutdown()
        return allowed.filter { !known.contains($0) }.map { "%allow names '\($0)', which is no command" }
    }

    /// Nil when the route does what it should.
    private func run(_ route: [String], at index: Int, of lesson: Lesson, shouldComplete: Bool) async -> String? {
        let repl = makeREPL()
        let problem = await run(route, at: index, of: lesson, shouldComplete: shouldComplete, in: repl)
        await repl.shutdown()
        return problem
    }

    private func run(_ route: [String], at index: Int, of lesson: Lesson, shouldComplete: Bool, in repl: REPL) async
        -> String?
    {
        let lessons = LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)
        repl.extensions = [lessons]
        guard await repl.executeQuietly(["lesson \(lesson.id)"]) else { return "the lesson did not start" }
        for step in lesson.steps[..<index] { _ = await repl.executeQuietly(step.commands) }
        guard lessons.currentStep()?.1 == index, lessons.checking else {
            return "the solutions of the steps before it did not bring the lesson to this step"
        }
        guard !(await lessons.missing(lesson.steps[index], in: repl)).isEmpty else {
            return "the step's checks hold before anything is typed, so they cannot fail"
        }
        _ = await repl.executeQuietly(route)
        let completed = lessons.progress.lessons[lesson.id]?.step != index || !lessons.checking
        if completed == shouldComplete { return nil }
        if shouldComplete {
            let missing = await lessons.missing(lesson.steps[index], in: repl)
            return "did not complete the step (\(missing.joined(separator: "; ")))"
        }
        return "completed the step, so the checks cannot tell it from a right answer"
    }
}
