import FHIRModel
import Foundation
import Synchronization

/// What a session remembers between commands, in one place every copy of the
/// ``CommandContext`` shares: the tutorial's SessionManager (§11.4) and what a lesson reads of
/// the last commands. Commands run one at a time; the lock keeps it whole when the client's
/// observer or a watcher reads it from another thread.
final class SessionMemory: Sendable {
    struct Contents: Sendable {
        var session = Session()
        /// Set by `quit`: the session ends after this command.
        var quitAsked = false
        /// Set by a lesson that asks the student to read Timings themselves: the orders'
        /// sentences are not shown, and `instructions N` says only the student's own JSON.
        var instructionsWithheld = false
        /// The sentences `instructions` said last, for a lesson's `said` check.
        var lastSaid: [String] = []
        /// When they were said of JSON the student wrote: that JSON, and what it says by its
        /// structure alone.
        var lastSaidOwn: OwnInstructions?
        /// The chart `group` drew last, for a lesson's `chart` check.
        var lastChart: ChartDrawn?
        /// The fixed instant lessons and transcripts run at; nil is the real clock.
        var fixedNow: Date?
    }

    private let contents: Mutex<Contents>

    init(fixedNow: Date?) { contents = Mutex(Contents(fixedNow: fixedNow)) }

    /// Reads or changes the contents in one step.
    func with<Result: Sendable>(_ body: (inout Contents) -> Result) -> Result {
        contents.withLock { body(&$0) }
    }
}
