import FHIRClient
import Foundation
import Synchronization

/// Sends a student's step events to the class server they joined, in the background: the
/// REPL never waits for it. Events the server has not acknowledged are sent again, oldest
/// first, until it does; while it is away they wait (and stay in the progress file), and go
/// out when it is back. The key is the session's only: it is never printed, nor saved.
public final class ClassReporter: Sendable {
    public let link: ClassroomLink
    /// Also what the student's lesson workspaces on the class server answer to.
    let key: String
    let executor: any HTTPExecutor
    /// Why the last lesson's workspace was not opened on the class server; nil when it was.
    let workspaceProblem = Mutex<String?>(nil)
    /// How long to wait before trying again, doubling up to `maximumPause`.
    private let firstPause: Duration
    private let maximumPause: Duration

    private struct State {
        var acknowledged: Int
        var pending: [StepEvent] = []
        var sending = false
        /// The server no longer takes the key (a new class, a restart): sending stops.
        var refused = false
    }
    private let state: Mutex<State>

    public init(
        link: ClassroomLink, key: String, executor: any HTTPExecutor = NetworkExecutor(),
        firstPause: Duration = .milliseconds(500), maximumPause: Duration = .seconds(5)
    ) {
        (self.link, self.key, self.executor) = (link, key, executor)
        (self.firstPause, self.maximumPause) = (firstPause, maximumPause)
        state = Mutex(State(acknowledged: link.acknowledged))
    }

    /// The last event the server acknowledged.
    public var acknowledged: Int { state.withLock { $0.acknowledged } }

    /// Whether every event handed over has been acknowledged.
    public var isCaughtUp: Bool { state.withLock { $0.pending.isEmpty || $0.refused } }

    /// Whether the server refused the key.
    public var wasRefused: Bool { state.withLock { $0.refused } }

    /// Hands over the student's events; those after the acknowledged one are sent.
    public func send(_ events: [StepEvent]) {
        let start = state.withLock { state -> Bool in
            state.pending = events.filter { $0.sequence > state.acknowledged }
            guard !state.sending, !state.refused, !state.pending.isEmpty else { return false }
            state.sending = true
            return true
        }
        if start { Task { await self.deliver() } }
    }

    /// Sends until nothing is pending, pausing longer after each failure.
    private func deliver() async {
        var pause = firstPause
        while true {
            let batch = state.withLock { state -> [StepEvent]? in
                guard !state.pending.isEmpty, !state.refused else {
                    state.sending = false
                    return nil
                }
                return Array(state.pending.prefix(200))
            }
            guard let batch else { return }
            switch await post(batch) {
            case .acknowledged(let sequence):
                pause = firstPause
                state.withLock { state in
                    state.acknowledged = max(state.acknowledged, sequence)
                    state.pending.removeAll { $0.sequence <= state.acknowledged }
                }
            case .refused:
                state.withLock { ($0.refused, $0.sending) = (true, false) }
                return
            case .away:
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, maximumPause)
            }
        }
    }

    private enum Outcome { case acknowledged(Int), refused, away }

    private func post(_ events: [StepEvent]) async -> Outcome {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom(EventTime.encode)
        guard let body = try? encoder.encode(["events": events]) else { return .refused }
        var request = HTTPRequest(method: "POST", url: link.origin + "/class/events", body: Array(body))
        request.set("Content-Type", "application/json")
        request.set("Authorization", "Bearer \(key)")
        guard let answer = try? await executor.perform(request, timeout: 5, limit: 1 << 16, cancellation: nil) else {
            return .away
        }
        switch answer.status {
        case 200:
            struct Acknowledgement: Decodable { var acknowledged: Int }
            guard let ack = try? JSONDecoder().decode(Acknowledgement.self, from: Data(answer.body)) else {
                return .away
            }
            return .acknowledged(ack.acknowledged)
        // A key the server no longer takes, or a report it cannot take: sending again cannot help.
        case 400, 401, 403, 413: return .refused
        default: return .away
        }
    }
}
