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
    /// A fresh session that keeps what it prints, to find answers printed before their question.
    let makeListening: ((Printed) -> REPL)?

    public init(makeREPL: @escaping () -> REPL) {
        self.makeREPL = makeREPL
        makeListening = nil
    }

    /// Sessions that print nothing, each on the built-in servers `servers` makes.
    public init(servers: @escaping () -> BuiltinServers) {
        let timeout = Self.requestTimeout
        makeREPL = {
            REPL(console: Console(width: 80, output: { _ in }, error: { _ in }), servers: servers(), timeout: timeout)
        }
        makeListening = { printed in
            REPL(
                console: Console(width: 80, output: printed.append, error: printed.append), servers: servers(),
                timeout: timeout)
        }
    }

    /// How long a route's request may wait: every one goes to the verifier's own built-in
    /// server, so the limit is there for a hang, not for a slow network. A student's 10 s made
    /// a sound lesson fail on a machine kept busy by other work (a class's, CI's two cores).
    static let requestTimeout = 120.0

    /// One line per problem (`step 3, also route 1: did not complete the step (…)`); none
    /// when the lesson holds. The generated routes are among them.
    public func problems(in lesson: Lesson) async -> [String] {
        await report(for: lesson).problems
    }

    /// The problems, and how many generated routes held: equivalents that completed their
    /// step, mutants that did not.
    public func report(for lesson: Lesson) async -> GeneratedRoutes {
        var report = await generatedRoutes(in: lesson)
        report.problems = await writtenProblems(in: lesson) + report.problems
        return report
    }

    /// The problems of the routes the lesson writes, its format and its answers.
    func writtenProblems(in lesson: Lesson) async -> [String] {
        var problems =
            lesson.authoringProblems + (await answersPrintedBefore(in: lesson)) + (await seededProblems(in: lesson))
        for (index, step) in lesson.steps.enumerated() {
            let place = "step \(index + 1) (\(step.title))"
            let routes =
                [("the solution", step.commands, true)]
                + step.otherRoutes.enumerated().map { ("also route \($0.offset + 1)", $0.element, true) }
                + step.wrongAttempts.enumerated().map { ("wrong attempt \($0.offset + 1)", $0.element, false) }
            routes: for (number, (name, route, shouldComplete)) in routes.enumerated() {
                // The first route's session also asks whether the checks can fail at all.
                switch await run(route, at: index, of: lesson, shouldComplete: shouldComplete, first: number == 0) {
                case .holds: continue
                case .routeFails(let problem): problems.append("\(place), \(name): \(problem)")
                case .stepFails(let problem):
                    problems.append("\(place): \(problem)")
                    break routes
                }
            }
        }
        return problems
    }

    /// What one route showed: that it does what it should, that it does not, or that the step
    /// itself cannot be checked, so no route of it can.
    enum Verdict {
        case holds
        case routeFails(String)
        case stepFails(String)
    }

    /// Runs a route in a fresh session brought to the step; `prepare` changes the session's
    /// data before the route runs (nil when it could, or why not).
    func run(
        _ route: [String], at index: Int, of lesson: Lesson, shouldComplete: Bool, first: Bool,
        seed: String? = nil, prepare: ((REPL) async -> String?)? = nil
    ) async -> Verdict {
        let repl = makeREPL()
        let verdict = await run(
            route, at: index, of: lesson, shouldComplete: shouldComplete, first: first, seed: seed, prepare: prepare,
            in: repl)
        await repl.shutdown()
        return verdict
    }

    /// Starts the lesson in `repl`, on the data of `seed` (nil: as written), and runs the
    /// solutions of the steps before `index`.
    func reach(_ index: Int, of lesson: Lesson, in repl: REPL, seed: String? = nil) async -> Result<
        LessonCommands, WorkbookProblem
    > {
        let lessons = LessonCommands(workbook: Workbook(lessons: [lesson]), progressPath: nil)
        lessons.progress.seed = seed
        repl.extensions = [lessons]
        guard await repl.executeQuietly(["lesson \(lesson.id)"]) else {
            return .failure(WorkbookProblem("the lesson did not start"))
        }
        // A question's answer as the seed's data gives it, where the lesson computes it.
        for step in lesson.steps[..<index] {
            let commands = seed == nil ? step.commands : await LessonCommands.solution(of: step, in: repl)
            _ = await repl.executeQuietly(commands)
        }
        guard lessons.currentStep()?.1 == index, lessons.checking else {
            return .failure(
                WorkbookProblem("the solutions of the steps before it did not bring the lesson to this step"))
        }
        return .success(lessons)
    }

    private func run(
        _ route: [String], at index: Int, of lesson: Lesson, shouldComplete: Bool, first: Bool, seed: String?,
        prepare: ((REPL) async -> String?)?, in repl: REPL
    ) async -> Verdict {
        let lessons: LessonCommands
        switch await reach(index, of: lesson, in: repl, seed: seed) {
        case .success(let reached): lessons = reached
        case .failure(let problem): return .stepFails(problem.description)
        }
        if let prepare, let problem = await prepare(repl) { return .routeFails(problem) }
        if first, (await lessons.missing(lesson.steps[index], in: repl)).isEmpty {
            return .stepFails("the step's checks hold before anything is typed, so they cannot fail")
        }
        _ = await repl.executeQuietly(route)
        let completed = lessons.progress.lessons[lesson.id]?.step != index || !lessons.checking
        if completed == shouldComplete { return .holds }
        if shouldComplete {
            let missing = await lessons.missing(lesson.steps[index], in: repl)
            return .routeFails("did not complete the step (\(missing.joined(separator: "; ")))")
        }
        return .routeFails("completed the step, so the checks cannot tell it from a right answer")
    }
}
