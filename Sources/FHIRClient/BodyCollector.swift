import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Gathers one answer's head and body for AsyncHTTPClient, up to a limit: an answer whose
/// declared length is over it is refused at the head, one that grows over it as it comes.
///
/// AsyncHTTPClient calls it on one event loop, one call at a time, hence the unchecked Sendable.
final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = ([UInt8], AnswerHead)

    /// An answer larger than the limit.
    struct TooLarge: Error {}

    private let limit: Int
    private var head: AnswerHead?
    private var body: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = AnswerHead(status: Int(head.status.code), headers: head.headers)
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.count + buffer.readableBytes <= limit else { return task.eventLoop.makeFailedFuture(TooLarge()) }
        body.append(contentsOf: buffer.readableBytesView)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return (body, head)
    }
}
