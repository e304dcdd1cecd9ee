import NIOCore
import NIOHTTP1

/// Reads the answers on one connection, one exchange at a time: an answer's head and body up
/// to a limit (one whose declared length is over it is refused at the head, one that grows over
/// it as it comes). A connection that closes before the answer's end is a lost one, and an
/// answer the exchange's end cut short is not whole. After a whole answer the connection goes
/// back to the pool, when both sides keep it alive and the exchange was not stopped meanwhile.
///
/// It lives on its connection's event loop and is called there only, hence the unchecked Sendable.
final class AnswerCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    /// The exchange an answer is read for.
    struct Exchange: Sendable {
        let answer: EventLoopPromise<([UInt8], AnswerHead)>
        let limit: Int
        /// The pool's key for the connection: `host:port`.
        let key: String
        /// Whether the connection was kept from an earlier exchange (a server may close it meanwhile).
        let reused: Bool
        /// Ends the exchange with its whole answer: nil when nothing (a stop, a deadline) ended
        /// it first, after which nothing will close its connection; else what ended it.
        let finish: @Sendable () -> PlainHTTPExchange.Failure?
    }

    private var exchange: Exchange?
    private var head: AnswerHead?
    private var keepAlive = false
    private var body: [UInt8] = []

    /// Starts reading for `exchange` and writes its request; called on the connection's event loop.
    /// A connection that closed before this (a kept one the server or a stop closed after it
    /// was taken from the pool) said so when no exchange was listening, and a write to it
    /// fails unheard: the exchange fails now, rather than waiting for its deadline.
    func begin(_ exchange: Exchange, writing parts: [HTTPClientRequestPart], on channel: any Channel) {
        (self.exchange, head, keepAlive, body) = (exchange, nil, false, [])
        guard channel.isActive else { return closed(channel) }
        for part in parts.dropLast() { channel.write(part, promise: nil) }
        guard let last = parts.last else { return }
        channel.writeAndFlush(last).whenFailure { [self] _ in
            // A request that could not be written got no answer: the same as a connection lost.
            if self.exchange?.answer.futureResult === exchange.answer.futureResult { closed(channel) }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let exchange else { return }
        switch unwrapInboundIn(data) {
        case .head(let response):
            let fields = response.headers.map { (name: $0.name, value: $0.value) }
            head = AnswerHead(status: Int(response.status.code), headers: fields)
            keepAlive = response.isKeepAlive
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > exchange.limit {
                fail(PlainHTTPExchange.Failure.tooLarge, context)
            }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= exchange.limit else {
                return fail(PlainHTTPExchange.Failure.tooLarge, context)
            }
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return fail(PlainHTTPExchange.Failure.lost, context) }
            // A body read to the connection's end also ends when the exchange closes it; a
            // stopped exchange's connection is closed, never kept.
            if let ended = exchange.finish() { return fail(ended, context) }
            self.exchange = nil
            let answer = (body, head)
            body = []
            // Kept before the answer is given, so the request that follows it finds the connection.
            if keepAlive {
                PlainHTTPExchange.pool.put(
                    ConnectionPool.Connection(channel: context.channel, collector: self), exchange.key)
            } else {
                context.close(promise: nil)
            }
            exchange.answer.succeed(answer)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { fail(error, context) }

    func channelInactive(context: ChannelHandlerContext) { closed(context.channel) }

    /// The connection is gone before the answer's end. A kept one closed before its answer
    /// began may send the request again on another.
    private func closed(_ channel: any Channel) {
        let stale = exchange?.reused == true && head == nil
        fail(stale ? PlainHTTPExchange.Failure.staleConnection : PlainHTTPExchange.Failure.lost, channel)
    }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) { fail(error, context.channel) }

    private func fail(_ error: any Error, _ channel: any Channel) {
        exchange?.answer.fail(error)
        exchange = nil
        channel.close(promise: nil)
    }
}
