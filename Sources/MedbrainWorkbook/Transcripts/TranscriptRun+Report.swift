extension TranscriptRun {
    /// For each step that printed something else: `file:line`, the command, and the diff.
    public func mismatches(file: String) -> [String] {
        outcomes.filter { !$0.matched }.flatMap { outcome in
            let step = outcome.step
            let diff = LineDiff.unified(
                expected: step.expected, actual: outcome.actual, expectedStart: step.line + 1, same: Self.agree)
            return ["\(file):\(step.line): '\(outcome.command)' printed something else"] + diff
        }
    }

    /// Whether an expected line (a pattern, captures as wildcards) agrees with a printed one.
    static func agree(_ pattern: String, _ line: String) -> Bool {
        var ignored: [String: String] = [:]
        return pattern == "..." || OutputPattern([pattern]).match([line], captures: &ignored)
    }

    /// A step's new expected output: its pattern lines where they still agree, what it
    /// printed where they do not.
    static func merged(_ expected: [String], _ actual: [String]) -> [String] {
        LineDiff.edits(expected: expected, actual: actual, same: agree).compactMap { edit in
            switch edit {
            case .same(let pattern, let line): pattern == "..." ? escaped(line) : pattern
            case .removed: nil
            case .added(let line): escaped(line)
            }
        }
    }

    /// The transcript with the output of every step that did not match replaced by what it
    /// printed; matching steps keep their patterns.
    public var recorded: String {
        var lines = transcript.headerLines
        for outcome in outcomes {
            lines += outcome.step.preamble
            lines.append(Transcript.prompt + outcome.step.command)
            lines += outcome.matched ? outcome.step.expected : Self.merged(outcome.step.expected, outcome.actual)
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
