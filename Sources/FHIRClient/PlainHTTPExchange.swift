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
/// makes one that came in time look late.
final class PlainHTTPExchange: Sendable {
    /// Why an exchange ended before its answer did.
    enum Failure: Error {
        case stopped, timedOut, tooLarge, lost
    }

    private struct State {
        var channel: (any Channel)?
        var ending: Failure?
    }

    private let state = Mutex(State())
    private let answer: EventLoopPromise<([UInt8], AnswerHead)>
    private let limit: Int

    /// The client's own event loop, made at the first request: the built-in server's loops may
    /// be busy with its work.
    static let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    init(limit: Int) {
        self.limit = limit
        answer = Self.loop.next().makePromise()
    }

    deinit {
        // A promise must be kept; one already kept is not changed by this.
        answer.fail(Failure.lost)
    }

    /// Ends the exchange from any thread (Ctrl-C, a cancelled task), at once, even while connecting.
    func stop() { end(.stopped) }

    private func end(_ failure: Failure) {
        let (channel, ending) = state.withLock { state in
            if state.ending == nil { state.ending = failure }
            return (state.channel, state.ending ?? failure)
        }
        answer.fail(ending)
        channel?.close(promise: nil)
    }

    /// Why the exchange was ended, if it was.
    var ending: Failure? { state.withLock { $0.ending } }

    /// Sends `request` to `url` and gathers the whole answer within `timeout` seconds.
    func perform(_ request: Request, to url: URL, timeout: Double) async throws -> ([UInt8], AnswerHead) {
        guard let host = url.host else { throw Failure.lost }
        let deadline = Self.loop.next().scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
            self.end(.timedOut)
        }
        defer { deadline.cancel() }
        let collector = AnswerCollector(limit: limit, answer: answer, ending: { [self] in ending })
        let bootstrap = ClientBootstrap(group: Self.loop)
            .connectTimeout(.milliseconds(Int64(timeout * 1000)))
            .channelInitializer { channel in
                channel.pipeline.addHTTPClientHandlers().flatMap { channel.pipeline.addHandler(collector) }
            }
        let parts = Self.parts(of: request, to: url, host: host)
        Self.connecting(bootstrap, host: host, port: url.port ?? 80).whenComplete { result in
            switch result {
            case .success(let channel): self.send(parts, on: channel)
            case .failure(let error): self.answer.fail(error)
            }
        }
        // What ended the exchange first is its outcome: a stop or a deadline fails the answer
        // with itself; a task that resumes late finds the answer as it was when it came.
        return try await answer.futureResult.get()
    }

    /// Sends the request on its connection, unless the exchange ended while it connected.
    private func send(_ parts: [HTTPClientRequestPart], on channel: any Channel) {
        let ended = state.withLock { state in
            state.channel = channel
            return state.ending != nil
        }
        guard !ended else { return channel.close(promise: nil) }
        for part in parts.dropLast() { channel.write(part, promise: nil) }
        if let last = parts.last { channel.writeAndFlush(last, promise: nil) }
    }

    /// The head, the body if any, and the end.
    private static func parts(of request: Request, to url: URL, host: String) -> [HTTPClientRequestPart] {
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

/// Gathers an answer's head and body up to a limit: one whose declared length is over it is
/// refused at the head, one that grows over it as it comes. A connection that closes before
/// the answer's end is a lost one, and an answer the exchange's end cut short is not whole.
final class AnswerCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<([UInt8], AnswerHead)>
    private let ending: @Sendable () -> PlainHTTPExchange.Failure?
    private let limit: Int
    private var head: AnswerHead?
    private var body: [UInt8] = []

    init(
        limit: Int, answer: EventLoopPromise<([UInt8], AnswerHead)>,
        ending: @escaping @Sendable () -> PlainHTTPExchange.Failure?
    ) {
        (self.limit, self.answer, self.ending) = (limit, answer, ending)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let response):
            let fields = response.headers.map { (name: $0.name, value: $0.value) }
            head = AnswerHead(status: Int(response.status.code), headers: fields)
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                fail(PlainHTTPExchange.Failure.tooLarge, context)
            }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= limit else {
                return fail(PlainHTTPExchange.Failure.tooLarge, context)
            }
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            // A body read to the connection's end also ends when the exchange closes it.
            if let ended = ending() { return fail(ended, context) }
            guard let head else { return fail(PlainHTTPExchange.Failure.lost, context) }
            answer.succeed((body, head))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { fail(error, context) }

    func channelInactive(context: ChannelHandlerContext) { fail(PlainHTTPExchange.Failure.lost, context) }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        answer.fail(error)
        context.close(promise: nil)
    }
}
