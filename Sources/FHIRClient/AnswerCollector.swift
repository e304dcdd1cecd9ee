import NIOCore
import NIOHTTP1

/// Reads the answers on one connection, one exchange at a time: an answer's head and body up
/// to a limit (one whose declared length is over it is refused at the head, one that grows over
/// it as it comes). A connection that closes before the answer's end is a lost one, and an
/// answer the exchange's end cut short is not whole. After a whole answer the connection goes
/// back to the pool, when both sides keep it alive.
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
        let ending: @Sendable () -> PlainHTTPExchange.Failure?
    }

    private var exchange: Exchange?
    private var head: AnswerHead?
    private var keepAlive = false
    private var body: [UInt8] = []

    /// Starts reading for `exchange`; called on the event loop before its request is written.
    func begin(_ exchange: Exchange) {
        (self.exchange, head, keepAlive, body) = (exchange, nil, false, [])
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
            // A body read to the connection's end also ends when the exchange closes it.
            if let ended = exchange.ending() { return fail(ended, context) }
            guard let head else { return fail(PlainHTTPExchange.Failure.lost, context) }
            self.exchange = nil
            exchange.answer.succeed((body, head))
            body = []
            if keepAlive {
                PlainHTTPExchange.pool.put(
                    ConnectionPool.Connection(channel: context.channel, collector: self), exchange.key)
            } else {
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { fail(error, context) }

    func channelInactive(context: ChannelHandlerContext) {
        // A kept connection closed before its answer began: the request may go again elsewhere.
        let stale = exchange?.reused == true && head == nil
        fail(stale ? PlainHTTPExchange.Failure.staleConnection : PlainHTTPExchange.Failure.lost, context)
    }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        exchange?.answer.fail(error)
        exchange = nil
        context.close(promise: nil)
    }
}
