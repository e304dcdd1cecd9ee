import Synchronization

/// What a program under test wrote, from any thread: its output and its errors apart, and
/// everything in the order it came.
public final class CapturedOutput: Sendable {
    private struct Texts {
        var all = ""
        var output = ""
        var errors = ""
    }

    private let texts = Mutex(Texts())

    public init() {}

    /// Output and errors as they came, interleaved.
    public var text: String { texts.withLock { $0.all } }
    public var output: String { texts.withLock { $0.output } }
    public var errors: String { texts.withLock { $0.errors } }

    /// Keeps `text` as output.
    @Sendable public func append(_ text: String) {
        texts.withLock {
            $0.all += text
            $0.output += text
        }
    }

    /// Keeps `text` as an error.
    @Sendable public func appendError(_ text: String) {
        texts.withLock {
            $0.all += text
            $0.errors += text
        }
    }
}
