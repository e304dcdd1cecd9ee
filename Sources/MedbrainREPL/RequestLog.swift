import FHIRClient
import FHIRModel
import Synchronization

/// The requests this session sent, newest last, for lesson checks that ask what was
/// requested (whichever command sent it) since a step began.
///
/// Only the method, URL and status are kept, and for a create or update the resource it wrote
/// (`MedicationAdministration/12`): a session's `administrations` alone can move tens of
/// megabytes, which `trace` shows once and no check reads again. The client's observer adds to
/// it from another thread while a command runs.
public final class RequestLog: Sendable {
    /// Enough for any lesson step; the oldest go first.
    static let capacity = 500

    private let state = Mutex<(exchanges: [HTTPExchange], written: [String?], total: Int)>(([], [], 0))
    /// The newest refusal that came with an OperationOutcome.
    private let refusal = Mutex<Refusal?>(nil)

    /// A request the server refused (4xx, 5xx), with the OperationOutcome it sent: a command
    /// that failed on it shows every issue and keeps the outcome as the last result.
    public struct Refusal: Sendable {
        /// Which request it was: the log's count once it was added.
        let number: Int
        public let status: Int
        /// `422 POST http://…/Observation`.
        public let request: String
        public let outcome: JSONValue
    }

    /// An outcome larger than this is not kept: no server explains a refusal in a megabyte.
    static let largestOutcome = 1 << 20

    public init() {}

    func add(_ exchange: HTTPExchange) {
        var exchange = exchange
        let written = Self.written(by: exchange)
        let outcome = Self.outcome(of: exchange)
        exchange.requestBody = nil
        exchange.responseBody = nil
        let number = state.withLock { state in
            if state.exchanges.count == Self.capacity {
                state.exchanges.removeFirst()
                state.written.removeFirst()
            }
            state.exchanges.append(exchange)
            state.written.append(written)
            state.total += 1
            return state.total
        }
        if let outcome, let status = exchange.status {
            let request = "\(status) \(exchange.method) \(exchange.url)"
            refusal.withLock { $0 = Refusal(number: number, status: status, request: request, outcome: outcome) }
        }
    }

    /// The OperationOutcome a refused request was answered with, if any.
    static func outcome(of exchange: HTTPExchange) -> JSONValue? {
        guard let status = exchange.status, status >= 400, let body = exchange.responseBody,
            body.utf8.count <= largestOutcome, let json = try? JSONParser.parse(body),
            json["resourceType"]?.stringValue == "OperationOutcome"
        else { return nil }
        return json
    }

    /// The newest refusal among the requests sent after `mark`, if one came with an outcome.
    public func refusal(since mark: Int) -> Refusal? {
        refusal.withLock { kept in kept.flatMap { $0.number > mark ? $0 : nil } }
    }

    /// `Type/id` of the resource a successful POST or PUT wrote, as the server answered it.
    static func written(by exchange: HTTPExchange) -> String? {
        guard ["POST", "PUT"].contains(exchange.method), let status = exchange.status, (200..<300).contains(status),
            let body = exchange.responseBody, let json = try? JSONParser.parse(body),
            let type = json["resourceType"]?.stringValue, let id = json["id"]?.stringValue
        else { return nil }
        return "\(type)/\(id)"
    }

    /// The resources written by the requests sent after `mark`, oldest first.
    public func written(since mark: Int) -> [String] {
        state.withLock { state in
            Array(state.written.suffix(max(0, min(state.total - mark, state.written.count)))).compactMap { $0 }
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
