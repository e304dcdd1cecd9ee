import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancels requests in flight from any thread, as Ctrl-C does: those of every client
/// connected with it, including the metadata read of a `connect` still under way.
/// Each request cancelled ends in ``ClientError/cancelled``.
public final class RequestCancellation: Sendable {
    /// The newest clients' sessions; a REPL connects rarely, so a few are plenty.
    private let sessions = Mutex<[URLSession]>([])
    private static let kept = 8

    public init() {}

    func register(_ session: URLSession) {
        sessions.withLock { sessions in
            sessions.append(session)
            if sessions.count > Self.kept { sessions.removeFirst() }
        }
    }

    /// Cancels every request in flight.
    public func cancel() {
        for session in sessions.withLock({ $0 }) {
            session.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
        }
    }
}
