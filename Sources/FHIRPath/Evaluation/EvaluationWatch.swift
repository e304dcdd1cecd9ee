/// Stops an evaluation that runs past its time limit or that someone cancelled (Ctrl-C): the
/// evaluator ticks it at every step, and every few thousand steps it looks at the clock and
/// asks whether to stop, so the check costs an increment on the hot path.
final class EvaluationWatch {
    private let deadline: ContinuousClock.Instant?
    private let limit: Swift.Duration?
    private let limitHint: String
    private let isCancelled: (@Sendable () -> Bool)?
    private var steps = 0

    /// Nil when there is nothing to watch for.
    init?(_ environment: FHIRPathEnvironment) {
        guard environment.timeLimit != nil || environment.isCancelled != nil else { return nil }
        limit = environment.timeLimit
        deadline = environment.timeLimit.map { ContinuousClock.now + $0 }
        limitHint = environment.timeLimitHint.map { " (\($0))" } ?? ""
        isCancelled = environment.isCancelled
    }

    /// One step of the evaluation; throws when it is to stop.
    func tick() throws(FHIRPathError) {
        steps &+= 1
        guard steps & 0xFFF == 0 else { return }
        try look()
    }

    /// Asks whether the evaluation was cancelled, then looks at the clock.
    private func look() throws(FHIRPathError) {
        if isCancelled?() == true { throw FHIRPathError(.execution, "cancelled") }
        if let deadline, let limit, ContinuousClock.now >= deadline {
            throw FHIRPathError(
                .execution, "stopped after \(Self.seconds(limit)), the time limit of one evaluation\(limitHint)")
        }
    }

    /// `10 s`, `0.5 s`.
    static func seconds(_ duration: Swift.Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 1000).rounded() / 1000) s"
    }
}
