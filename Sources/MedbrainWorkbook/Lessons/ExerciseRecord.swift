/// How one exercise went, kept in the progress file: a teacher (and the student) can tell
/// solved alone from solved with every hint, or after the solution, and see the tries it took.
public struct ExerciseRecord: Sendable, Equatable, Codable {
    /// The most hints shown at once for it.
    public var hints = 0
    /// Wrong answers, and commands that failed or made a mistake the step names.
    public var wrongAttempts = 0
    /// Every command run on the step until it was done (for its par), answers included.
    public var commands = 0
    public var solutionShown = false
    public var solved = false

    public init() {}

    /// `solved with 2 hints, 1 wrong attempt`, or `not solved yet`.
    public var summary: String {
        let how =
            !solved
            ? (solutionShown ? "not solved yet, solution shown" : "not solved yet")
            : solutionShown
                ? "solved after the solution"
                : hints == 0 ? "solved with no hint" : "solved with \(hints) \(hints == 1 ? "hint" : "hints")"
        guard wrongAttempts > 0 else { return how }
        return how + ", \(wrongAttempts) wrong \(wrongAttempts == 1 ? "attempt" : "attempts")"
    }

    /// How it sums up in `progress`.
    enum Outcome { case alone, withHints, afterSolution, unsolved }

    var outcome: Outcome {
        guard solved else { return .unsolved }
        return solutionShown ? .afterSolution : hints == 0 ? .alone : .withHints
    }
}
