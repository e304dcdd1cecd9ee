import FHIRClient
import Synchronization

/// The requests this session sent, newest last, for lesson checks that ask what was
/// requested (whichever command sent it) since a step began.
///
/// Only the method, URL and status are kept: a session's `administrations` alone can move
/// tens of megabytes, which `trace` shows once and no check reads again. The client's
/// observer adds to it from another thread while a command runs.
public final class RequestLog: Sendable {
    /// Enough for any lesson step; the oldest go first.
    static let capacity = 500

    private let state = Mutex<(exchanges: [HTTPExchange], total: Int)>(([], 0))

    init() {}

    func add(_ exchange: HTTPExchange) {
        var exchange = exchange
        exchange.requestBody = nil
        exchange.responseBody = nil
        state.withLock { state in
            if state.exchanges.count == Self.capacity { state.exchanges.removeFirst() }
            state.exchanges.append(exchange)
            state.total += 1
        }
    }

    /// How many requests were sent so far: a mark to ask for the ones after.
    public var total: Int { state.withLock { $0.total } }

    /// The requests sent after `mark` (a `total` read earlier), oldest first.
    public func since(_ mark: Int) -> [HTTPExchange] {
        state.withLock { state in Array(state.exchanges.suffix(max(0, min(state.total - mark, state.exchanges.count))))
        }
    }
}
