import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// Sending one request: the shared client, the timeout, cancellation from any thread, the
/// body's limit, and each failure said as a ``ClientError``.
extension HTTPTransport {
    /// One client for the program: connections to a server are kept and reused between
    /// commands. It follows no redirects itself (``send``'s rules do) and does not retry a
    /// refused connection: a server that is down is said at once, as psql says it.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Whether a request's time ran out (so its cancellation is said as a timeout).
    final class Expiry: Sendable {
        private let state = Mutex(false)
        func mark() { state.withLock { $0 = true } }
        var isMarked: Bool { state.withLock { $0 } }
    }

    /// Sends one request and gathers its answer. The timeout covers the whole answer, body
    /// included, and Ctrl-C (``RequestCancellation``) or a cancelled task ends it at once.
    func perform(_ request: HTTPClient.Request, url: String) async throws(ClientError) -> ([UInt8], AnswerHead) {
        let started = ContinuousClock.now
        // No client deadline: the timer below is the one timeout, from the connection to the
        // body's last byte.
        let task = Self.client.execute(request: request, delegate: BodyCollector(limit: maximumBytes))
        let expired = Expiry()
        let timer = Task {
            try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
            expired.mark()
            task.cancel()
        }
        defer { timer.cancel() }
        // Ctrl-C cancels through `cancellation`; one that came before the start still counts.
        let token = cancellation?.begin { task.cancel() }
        defer { token.map { cancellation?.end($0) } }
        if cancellation != nil, token == nil { task.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await task.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            observer?(
                HTTPExchange(
                    method: request.method.rawValue, url: url, status: nil,
                    milliseconds: Self.milliseconds(since: started)))
            if expired.isMarked { throw .timedOut(url: url, seconds: timeout) }
            throw Self.clientError(error, url: url, timeout: timeout, limit: maximumBytes)
        }
    }

    static func clientError(_ error: any Error, url: String, timeout: Double, limit: Int) -> ClientError {
        switch error {
        case is CancellationError: return .cancelled
        case is BodyCollector.TooLarge: return .tooLarge(url: url, limit: limit)
        case let failure as HTTPClientError: return clientError(failure, url: url, timeout: timeout)
        case let failure as NIOConnectionError:
            let dns = failure.dnsAError ?? failure.dnsAAAAError
            if dns != nil, failure.connectionErrors.isEmpty { return .unreachable(url: url, reason: "unknown host") }
            return .unreachable(url: url, reason: "connection refused")
        case let failure as IOError where failure.errnoCode == ECONNREFUSED:
            return .unreachable(url: url, reason: "connection refused")
        case is SocketAddressError: return .unreachable(url: url, reason: "unknown host")
        case is HTTPParserError: return .unreachable(url: url, reason: "the answer was not HTTP")
        case let failure as NIOSSLError: return .tls(url: url, reason: "\(failure)")
        case let failure as BoringSSLError: return .tls(url: url, reason: "\(failure)")
        default: return .unreachable(url: url, reason: "\(error)")
        }
    }

    private static func clientError(_ failure: HTTPClientError, url: String, timeout: Double) -> ClientError {
        switch failure {
        case .cancelled: .cancelled
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout:
            .timedOut(url: url, seconds: timeout)
        case .remoteConnectionClosed: .unreachable(url: url, reason: "the connection was lost")
        case .invalidURL, .emptyHost, .emptyScheme:
            .unreachable(url: url, reason: "a URL this client cannot use")
        default: .unreachable(url: url, reason: "\(failure)")
        }
    }
}
