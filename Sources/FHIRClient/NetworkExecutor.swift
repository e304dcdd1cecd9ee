import CCurl
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The network: `http://` over SwiftNIO, `https://` through libcurl; the timeout, cancellation
/// from any thread, the body's limit, and each failure said as a ``ClientError``. The timeout
/// covers the whole answer, body included, and Ctrl-C (``RequestCancellation``) or a cancelled
/// task ends it at once. A refused connection is not retried: a server that is down is said at
/// once, as psql says it.
public struct NetworkExecutor: HTTPExecutor {
    public init() {}

    public func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
        async throws(ClientError) -> HTTPAnswer
    {
        let limits = Limits(timeout: timeout, bytes: limit, cancellation: cancellation)
        let (body, head) =
            if let target = URL(string: request.url), target.scheme?.lowercased() == "http" {
                try await performPlainly(request, to: target, limits)
            } else {
                try await performSecurely(request, limits)
            }
        return HTTPAnswer(status: head.status, headers: head.headers, body: body)
    }

    /// What bounds one request.
    private struct Limits {
        let timeout: Double
        let bytes: Int
        let cancellation: RequestCancellation?
    }

    private func performPlainly(_ request: HTTPRequest, to target: URL, _ limits: Limits) async throws(ClientError)
        -> ([UInt8], AnswerHead)
    {
        let exchange = PlainHTTPExchange(limit: limits.bytes)
        do {
            return try await stoppable(exchange.stop, limits.cancellation) {
                try await exchange.perform(request, to: target, timeout: limits.timeout)
            }
        } catch {
            throw plainError(error, url: request.url, limits)
        }
    }

    /// Runs `work`, which `stop` ends, as Ctrl-C asks through ``RequestCancellation`` (one
    /// that came before the start still counts) or a cancelled task does.
    private func stoppable<T>(
        _ stop: @escaping @Sendable () -> Void, _ cancellation: RequestCancellation?, _ work: () async throws -> T
    ) async rethrows -> T {
        let token = cancellation?.begin(stop)
        defer { token.map { cancellation?.end($0) } }
        if cancellation != nil, token == nil { stop() }
        return try await withTaskCancellationHandler {
            try await work()
        } onCancel: {
            stop()
        }
    }

    private func plainError(_ error: any Error, url: String, _ limits: Limits) -> ClientError {
        switch error {
        case PlainHTTPExchange.Failure.stopped: return .cancelled
        case PlainHTTPExchange.Failure.timedOut: return .timedOut(url: url, seconds: limits.timeout)
        case PlainHTTPExchange.Failure.tooLarge: return .tooLarge(url: url, limit: limits.bytes)
        case PlainHTTPExchange.Failure.lost: return .unreachable(url: url, reason: "the connection was lost")
        case ChannelError.connectTimeout: return .timedOut(url: url, seconds: limits.timeout)
        case let failure as NIOConnectionError:
            let dns = failure.dnsAError ?? failure.dnsAAAAError
            if dns != nil, failure.connectionErrors.isEmpty { return .unreachable(url: url, reason: "unknown host") }
            return .unreachable(url: url, reason: "connection refused")
        case let failure as IOError where failure.errnoCode == ECONNREFUSED:
            return .unreachable(url: url, reason: "connection refused")
        case is SocketAddressError: return .unreachable(url: url, reason: "unknown host")
        case is HTTPParserError: return .unreachable(url: url, reason: "the answer was not HTTP")
        default: return .unreachable(url: url, reason: "\(error)")
        }
    }

    private func performSecurely(_ request: HTTPRequest, _ limits: Limits) async throws(ClientError)
        -> ([UInt8], AnswerHead)
    {
        let exchange = CurlExchange(limit: limits.bytes)
        let result = await stoppable(exchange.stop, limits.cancellation) {
            await exchange.perform(
                method: request.method, url: request.url, headers: request.headerLines, body: request.body,
                timeout: limits.timeout)
        }
        let received = exchange.received
        guard result.outcome != Int32(MEDBRAIN_HTTP_DONE) else {
            return (received.body, AnswerHead(status: result.status, headers: received.headers))
        }
        throw curlError(result, url: request.url, tooLarge: exchange.wasTooLarge, limits)
    }

    private func curlError(_ result: medbrain_http_result, url: String, tooLarge: Bool, _ limits: Limits)
        -> ClientError
    {
        let said = withUnsafeBytes(of: result.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(result.outcome) {
        case MEDBRAIN_HTTP_STOPPED: return tooLarge ? .tooLarge(url: url, limit: limits.bytes) : .cancelled
        case MEDBRAIN_HTTP_TIMED_OUT: return .timedOut(url: url, seconds: limits.timeout)
        case MEDBRAIN_HTTP_REFUSED: return .unreachable(url: url, reason: "connection refused")
        case MEDBRAIN_HTTP_UNKNOWN_HOST: return .unreachable(url: url, reason: "unknown host")
        case MEDBRAIN_HTTP_BAD_URL: return .unreachable(url: url, reason: "a URL this client cannot use")
        case MEDBRAIN_HTTP_TLS: return .tls(url: url, reason: said)
        case MEDBRAIN_HTTP_LOST: return .unreachable(url: url, reason: "the connection was lost")
        case MEDBRAIN_HTTP_NOT_HTTP: return .unreachable(url: url, reason: "the answer was not HTTP")
        case MEDBRAIN_HTTP_NO_LIBCURL:
            return .unreachable(url: url, reason: "\(said); install it (Debian's libcurl4) for https")
        default: return .unreachable(url: url, reason: said)
        }
    }
}
