extension TranscriptRun {
    /// For each step that printed something else: `file:line`, the command, and the diff.
    public func mismatches(file: String) -> [String] {
        outcomes.filter { !$0.matched }.flatMap { outcome in
            let step = outcome.step
            let diff = LineDiff.unified(
                expected: step.expected, actual: outcome.actual, expectedStart: step.line + 1,
                same: { pattern, line in
                    var ignored: [String: String] = [:]
                    return pattern == "..." || OutputPattern([pattern]).match([line], captures: &ignored)
                })
            return ["\(file):\(step.line): '\(outcome.command)' printed something else"] + diff
        }
    }

    /// The transcript with the output of every step that did not match replaced by what it
    /// printed; matching steps keep their patterns.
    public var recorded: String {
        var lines = transcript.headerLines
        for outcome in outcomes {
            lines += outcome.step.preamble
            lines.append(Transcript.prompt + outcome.step.command)
            lines += outcome.matched ? outcome.step.expected : outcome.actual.map(Self.escaped)
            lines.append("")
        }
        lines += transcript.trailer
        return lines.joined(separator: "\n") + (lines.last == "" ? "" : "\n")
    }

    /// An output line that would read as a comment or directive gets a second `%`.
    static func escaped(_ line: String) -> String {
        line.hasPrefix("%") ? "%" + line : line
    }
}
