import Foundation
import Synchronization

/// Cancels the requests of one piece of work from any thread, as Ctrl-C does: those in
/// flight end at once, and any the work would send later end before they start, so a
/// command that pages through results stops rather than going on with the next page.
/// ``reset()`` readies it for the next piece of work. Each request cancelled ends in
/// ``ClientError/cancelled``.
public final class RequestCancellation: Sendable {
    private struct State {
        var cancelled = false
        var inFlight: [Int: @Sendable () -> Void] = [:]
        var nextToken = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Cancels what runs now and whatever starts before the next ``reset()``.
    public func cancel() {
        let stops = state.withLock { state in
            state.cancelled = true
            return Array(state.inFlight.values)
        }
        for stop in stops { stop() }
    }

    public func reset() { state.withLock { $0.cancelled = false } }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Notes a request that `stop` ends; nil (and not noted) when cancelled already.
    func begin(_ stop: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            state.nextToken += 1
            state.inFlight[state.nextToken] = stop
            return state.nextToken
        }
    }

    func end(_ token: Int) { _ = state.withLock { $0.inFlight.removeValue(forKey: token) } }

    /// Runs `stop` on cancellation (at once if cancelled already) until the returned function
    /// is called: for waits that are not requests, such as a browser's answer.
    public func watch(_ stop: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        guard let token = begin(stop) else {
            stop()
            return {}
        }
        return { self.end(token) }
    }
}
