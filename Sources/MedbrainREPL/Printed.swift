import Synchronization

/// What a REPL printed since the last look, gathered from whichever thread printed it: what
/// transcripts, lessons' verifiers, tests and benchmarks read a session's output through.
public final class Printed: Sendable {
    private let text = Mutex("")

    public init() {}

    public func append(_ more: String) { text.withLock { $0 += more } }

    /// The text so far, forgotten.
    public func take() -> String {
        text.withLock { text in
            defer { text = "" }
            return text
        }
    }
}
