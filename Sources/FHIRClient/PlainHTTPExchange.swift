import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// One `http://` request over SwiftNIO, which the built-in server already runs on: a session
/// that stays on the built-in server (the REPL's start, every lesson) loads nothing more,
/// where opening libcurl costs 9 to 16 ms. `https://` goes through libcurl (``CurlExchange``).
///
/// The whole exchange (connect, send, read) happens on the client's event loop; the task that
/// asked only waits for its end, so a busy task pool delays the reading of an answer but never
/// makes one that came in time look late. Connections are kept alive and reused
/// (``ConnectionPool``), as a new one costs the server more than a request does.
final class PlainHTTPExchange: Sendable {
    /// Why an exchange ended before its answer did.
    enum Failure: Error {
        case stopped, timedOut, tooLarge, lost
        /// A kept connection the server had closed before this request's answer began.
        case staleConnection
    }

    private struct State {
        var channel: (any Channel)?
        var ending: Failure?
        var answer: EventLoopPromise<([UInt8], AnswerHead)>?
    }

    private let state = Mutex(State())
    private let limit: Int

    /// The client's own event loop, made at the first request: the built-in server's loops may
    /// be busy with its work.
    static let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    static let pool = ConnectionPool()

    init(limit: Int) { self.limit = limit }

    /// Ends the exchange from any thread (Ctrl-C, a cancelled task), at once, even while connecting.
    func stop() { end(.stopped) }

    private func end(_ failure: Failure) {
        let (channel, answer, ending) = state.withLock { state in
            if state.ending == nil { state.ending = failure }
            return (state.channel, state.answer, state.ending ?? failure)
        }
        answer?.fail(ending)
        channel?.close(promise: nil)
    }

    /// Ends the exchange with its whole answer, unless a stop or the deadline ended it first
    /// (then why). Its connection is then the pool's: a stop that comes later closes nothing,
    /// so the pool never keeps a connection that is closing.
    private func finish() -> Failure? {
        state.withLock { state in
            guard state.ending == nil else { return state.ending }
            state.channel = nil
            return nil
        }
    }

    /// Sends `request` to `url` and gathers the whole answer within `timeout` seconds.
    func perform(_ request: HTTPRequest, to url: URL, timeout: Double) async throws -> ([UInt8], AnswerHead) {
        guard let host = url.host else { throw Failure.lost }
        let deadline = Self.loop.next().scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
            self.end(.timedOut)
        }
        defer { deadline.cancel() }
        let key = "\(host):\(url.port ?? 80)"
        let parts = Self.parts(of: request, to: url, host: host)
        // Stopped before it began (Ctrl-C before the request): a kept connection stays kept.
        if let ended = state.withLock({ $0.ending }) { throw ended }
        // A kept connection may have been closed by the server meanwhile: a request it never
        // began to answer goes again on a new one, unless it is a POST, which might have been acted on.
        if let kept = Self.pool.take(key) {
            do {
                return try await attempt(key: key, reused: true) { self.send(parts, $0, on: kept) }
            } catch Failure.staleConnection where request.method != "POST" {}
        }
        return try await attempt(key: key, reused: false) { exchange in
            self.connect(host: host, port: url.port ?? 80, timeout: timeout) { self.send(parts, exchange, on: $0) }
        }
    }

    /// One try: `start` sends the request for the exchange it is given, on a kept connection
    /// or a new one, and the answer is awaited.
    private func attempt(
        key: String, reused: Bool, start: (AnswerCollector.Exchange) -> Void
    ) async throws -> ([UInt8], AnswerHead) {
        let answer = Self.loop.next().makePromise(of: ([UInt8], AnswerHead).self)
        // A promise must be kept: one the connection never reached ends here (a second end is none).
        defer { answer.fail(Failure.lost) }
        let ended = state.withLock { state in
            state.answer = answer
            return state.ending
        }
        if let ended { throw ended }
        start(
            AnswerCollector.Exchange(
                answer: answer, limit: limit, key: key, reused: reused, finish: { [self] in finish() }))
        // What ended the exchange first is its outcome: a stop or a deadline fails the answer
        // with itself; a task that resumes late finds the answer as it was when it came.
        return try await answer.futureResult.get()
    }

    /// Opens a new connection and hands it to `connected`; a failure to connect fails the
    /// exchange's answer.
    private func connect(
        host: String, port: Int, timeout: Double,
        then connected: @escaping @Sendable (ConnectionPool.Connection) -> Void
    ) {
        let collector = AnswerCollector()
        let bootstrap = ClientBootstrap(group: Self.loop)
            .connectTimeout(.milliseconds(Int64(timeout * 1000)))
            .channelInitializer { channel in
                channel.pipeline.addHTTPClientHandlers().flatMap { channel.pipeline.addHandler(collector) }
            }
        Self.connecting(bootstrap, host: host, port: port).whenComplete { result in
            switch result {
            case .success(let channel): connected(ConnectionPool.Connection(channel: channel, collector: collector))
            case .failure(let error): self.state.withLock { $0.answer }?.fail(error)
            }
        }
    }

    /// Sends the request on its connection, unless the exchange ended while it connected.
    private func send(
        _ parts: [HTTPClientRequestPart], _ exchange: AnswerCollector.Exchange, on connection: ConnectionPool.Connection
    ) {
        let channel = connection.channel
        let ended = state.withLock { state in
            state.channel = channel
            return state.ending != nil
        }
        guard !ended else { return channel.close(promise: nil) }
        channel.eventLoop.execute { connection.collector.begin(exchange, writing: parts, on: channel) }
    }

    /// The head, the body if any, and the end.
    private static func parts(of request: HTTPRequest, to url: URL, host: String) -> [HTTPClientRequestPart] {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target(url))
        head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        for field in request.headers { head.headers.add(name: field.name, value: field.value) }
        guard let body = request.body else { return [.head(head), .end(nil)] }
        head.headers.add(name: "Content-Length", value: String(body.count))
        return [.head(head), .body(.byteBuffer(ByteBuffer(bytes: body))), .end(nil)]
    }

    /// An address written as one (`127.0.0.1`, `[::1]`) is connected to as it is: the
    /// system's resolver, which NIO asks on a Dispatch queue, is for names.
    private static func connecting(_ bootstrap: ClientBootstrap, host: String, port: Int)
        -> EventLoopFuture<any Channel>
    {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let address = try? SocketAddress(ipAddress: literal, port: port) { return bootstrap.connect(to: address) }
        return bootstrap.connect(host: host, port: port)
    }

    /// The path and query as sent, `/` when the URL has no path.
    static func target(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
