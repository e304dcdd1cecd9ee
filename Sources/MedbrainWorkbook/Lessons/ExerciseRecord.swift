import Foundation

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
    /// The wrong tries, as typed (the newest ``maximumTried``; a line with a secret is not kept).
    public var tried: [String] = []
    /// When the exercise was first shown, and when it was solved.
    public var started: Date?
    public var solvedAt: Date?

    public static let maximumTried = 20

    public init() {}

    enum CodingKeys: String, CodingKey {
        case hints, wrongAttempts, commands, solutionShown, solved, tried, started, solvedAt
    }

    /// Files from before answers were kept have the first five fields only.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hints = try container.decodeIfPresent(Int.self, forKey: .hints) ?? 0
        wrongAttempts = try container.decodeIfPresent(Int.self, forKey: .wrongAttempts) ?? 0
        commands = try container.decodeIfPresent(Int.self, forKey: .commands) ?? 0
        solutionShown = try container.decodeIfPresent(Bool.self, forKey: .solutionShown) ?? false
        solved = try container.decodeIfPresent(Bool.self, forKey: .solved) ?? false
        tried = try container.decodeIfPresent([String].self, forKey: .tried) ?? []
        started = try container.decodeIfPresent(Date.self, forKey: .started)
        solvedAt = try container.decodeIfPresent(Date.self, forKey: .solvedAt)
    }

    /// A wrong try: counted, and kept as typed.
    mutating func wrong(_ line: String) {
        wrongAttempts += 1
        tried.append(line)
        if tried.count > Self.maximumTried { tried.removeFirst(tried.count - Self.maximumTried) }
    }

    /// Seconds from first shown to solved, when both are known.
    public var seconds: Int? {
        guard let started, let solvedAt else { return nil }
        return max(0, Int(solvedAt.timeIntervalSince(started).rounded()))
    }

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
