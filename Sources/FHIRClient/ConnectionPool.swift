import NIOCore
import Synchronization

/// Idle keep-alive connections by `host:port`: a session's requests to one server reuse its
/// connection, as a browser's do. A connection the server closed is dropped when next taken.
final class ConnectionPool: Sendable {
    /// A connection and the handler that reads its answers.
    struct Connection: Sendable {
        let channel: any Channel
        let collector: AnswerCollector
    }

    /// Kept per server; more are closed, as a REPL sends one request at a time.
    static let kept = 4

    private let idle = Mutex<[String: [Connection]]>([:])

    /// An open idle connection to `key`, if there is one.
    func take(_ key: String) -> Connection? {
        idle.withLock { idle in
            while let connection = idle[key]?.popLast() {
                if connection.channel.isActive { return connection }
            }
            return nil
        }
    }

    /// How many open connections to `key` wait for a request.
    func kept(for key: String) -> Int {
        idle.withLock { $0[key, default: []].count { $0.channel.isActive } }
    }

    /// Keeps `connection` for the next request to `key`, and forgets the closed ones: a lesson
    /// that restarts the built-in servers leaves their old ports' connections behind.
    func put(_ connection: Connection, _ key: String) {
        let surplus = idle.withLock { idle -> Connection? in
            for (other, connections) in idle {
                let open = connections.filter(\.channel.isActive)
                idle[other] = open.isEmpty ? nil : open
            }
            idle[key, default: []].append(connection)
            return idle[key]!.count > Self.kept ? idle[key]!.removeFirst() : nil
        }
        surplus?.channel.close(promise: nil)
    }
}
