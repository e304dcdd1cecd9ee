import CCurl
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sending one request: `http://` over SwiftNIO, `https://` through libcurl; the timeout,
/// cancellation from any thread, the body's limit, and each failure said as a ``ClientError``.
extension HTTPTransport {
    /// Sends one request and gathers its answer. The timeout covers the whole answer, body
    /// included, and Ctrl-C (``RequestCancellation``) or a cancelled task ends it at once. No
    /// redirect is followed here (``send``'s rules do) and a refused connection is not retried:
    /// a server that is down is said at once, as psql says it.
    func perform(_ request: Request, url: String) async throws(ClientError) -> ([UInt8], AnswerHead) {
        let started = ContinuousClock.now
        do {
            guard let target = URL(string: request.url), target.scheme?.lowercased() == "http" else {
                return try await performSecurely(request, url: url)
            }
            return try await performPlainly(request, to: target, url: url)
        } catch {
            observer?(
                HTTPExchange(
                    method: request.method, url: url, status: nil, milliseconds: Self.milliseconds(since: started)))
            throw error
        }
    }

    private func performPlainly(_ request: Request, to target: URL, url: String) async throws(ClientError)
        -> ([UInt8], AnswerHead)
    {
        let exchange = PlainHTTPExchange(limit: maximumBytes)
        do {
            return try await stoppable(exchange.stop) {
                try await exchange.perform(request, to: target, timeout: timeout)
            }
        } catch {
            throw plainError(error, url: url)
        }
    }

    /// Runs `work`, which `stop` ends, as Ctrl-C asks through ``RequestCancellation`` (one
    /// that came before the start still counts) or a cancelled task does.
    private func stoppable<T>(
        _ stop: @escaping @Sendable () -> Void, _ work: () async throws -> T
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

    private func plainError(_ error: any Error, url: String) -> ClientError {
        switch error {
        case PlainHTTPExchange.Failure.stopped: return .cancelled
        case PlainHTTPExchange.Failure.timedOut: return .timedOut(url: url, seconds: timeout)
        case PlainHTTPExchange.Failure.tooLarge: return .tooLarge(url: url, limit: maximumBytes)
        case PlainHTTPExchange.Failure.lost: return .unreachable(url: url, reason: "the connection was lost")
        case ChannelError.connectTimeout: return .timedOut(url: url, seconds: timeout)
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

    private func performSecurely(_ request: Request, url: String) async throws(ClientError) -> ([UInt8], AnswerHead) {
        let exchange = CurlExchange(limit: maximumBytes)
        let result = await stoppable(exchange.stop) {
            await exchange.perform(
                method: request.method, url: request.url, headers: request.headerLines, body: request.body,
                timeout: timeout)
        }
        let received = exchange.received
        guard result.outcome != Int32(MEDBRAIN_HTTP_DONE) else {
            return (received.body, AnswerHead(status: result.status, headers: received.headers))
        }
        throw curlError(result, url: url, tooLarge: exchange.wasTooLarge)
    }

    private func curlError(_ result: medbrain_http_result, url: String, tooLarge: Bool) -> ClientError {
        let said = withUnsafeBytes(of: result.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(result.outcome) {
        case MEDBRAIN_HTTP_STOPPED: return tooLarge ? .tooLarge(url: url, limit: maximumBytes) : .cancelled
        case MEDBRAIN_HTTP_TIMED_OUT: return .timedOut(url: url, seconds: timeout)
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
