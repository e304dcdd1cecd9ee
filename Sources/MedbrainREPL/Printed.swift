import Synchronization

/// What the REPL printed since the last look; written from any thread.
final class Printed: Sendable {
    private let text = Mutex("")

    func append(_ more: String) { text.withLock { $0 += more } }

    /// The text so far, forgotten.
    func take() -> String {
        text.withLock { text in
            defer { text = "" }
            return text
        }
    }
}
