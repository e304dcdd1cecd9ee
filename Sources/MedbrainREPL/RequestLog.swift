import FHIRClient
import FHIRModel
import Synchronization

/// The requests this session sent, newest last, for lesson checks that ask what was
/// requested (whichever command sent it) since a step began.
///
/// Only the method, URL and status are kept, a form posted without its secrets, the resources
/// an answer found (``AnsweredResources``), and for a create or update the resource it wrote
/// (`MedicationAdministration/12`): a session's `administrations` alone can move tens of
/// megabytes, which `trace` shows once and no check reads again. The client's observer adds to
/// it from another thread while a command runs.
public final class RequestLog: Sendable {
    /// Enough for any lesson step; the oldest go first.
    static let capacity = 500

    private let state = Mutex<
        (exchanges: [HTTPExchange], written: [String?], answered: [AnsweredResources?], total: Int)
    >(([], [], [], 0))
    /// The newest refusal that came with an OperationOutcome.
    private let refusal = Mutex<Refusal?>(nil)
    /// Whether each answer's resources are kept (``AnsweredResources``): only a lesson's checks
    /// read them, and finding them parses every answer's body a second time.
    private let answering = Atomic<Bool>(false)

    /// Keeps what each answer found from now on, for a lesson's checks; off until a lesson starts.
    public var keepsAnswers: Bool {
        get { answering.load(ordering: .relaxed) }
        set { answering.store(newValue, ordering: .relaxed) }
    }

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
        let answered = keepsAnswers ? AnsweredResources(exchange) : nil
        exchange.requestBody = exchange.requestBody.flatMap(Self.keptForm)
        exchange.responseBody = nil
        let number = state.withLock { state in
            if state.exchanges.count == Self.capacity {
                state.exchanges.removeFirst()
                state.written.removeFirst()
                state.answered.removeFirst()
            }
            state.exchanges.append(exchange)
            state.written.append(written)
            state.answered.append(answered)
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

    /// The largest form kept: an OAuth form or a search posted is a few hundred bytes.
    static let largestForm = 4096

    /// A form body (`decision=approve&patient=f001`) as the log keeps it, for a check that asks
    /// what was posted: its secrets (a sign-in secret, a password, a token) left out. JSON
    /// bodies are not kept; a check reads what a write made from the server.
    static func keptForm(_ body: String) -> String? {
        guard body.utf8.count <= largestForm, let first = body.first, first != "{", first != "[", body.contains("=")
        else { return nil }
        return body.split(separator: "&", omittingEmptySubsequences: false).filter { field in
            let name = field.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return !HiddenSecrets.typedFields.contains(name.lowercased())
        }.joined(separator: "&")
    }

    /// What each request after `mark` answered, beside it, oldest first (nil where it answered
    /// no resource or searchset).
    public func answered(since mark: Int) -> [(exchange: HTTPExchange, answered: AnsweredResources?)] {
        state.withLock { state in
            let count = max(0, min(state.total - mark, state.exchanges.count))
            return Array(zip(state.exchanges.suffix(count), state.answered.suffix(count)))
        }
    }

    /// Narrows what the searches after `mark` answered to `kept` (`Type/id`): the matches a
    /// filter of the REPL's (`search --where`) left on the pages it read, so that a check reads
    /// what the student was shown. Included resources stay, as the filter keeps them.
    func narrow(since mark: Int, to kept: Set<String>) {
        state.withLock { state in
            let count = max(0, min(state.total - mark, state.answered.count))
            for index in state.answered.indices.suffix(count) where state.answered[index]?.isSearchset == true {
                state.answered[index]?.matches.removeAll { !kept.contains($0) }
            }
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
