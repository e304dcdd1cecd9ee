import FHIRModel
import Foundation

/// The client's rules for each request: its header fields, credentials only to their origin,
/// redirects, the trace, and what an answer's status means, every failure a ``ClientError``.
/// Its ``HTTPExecutor`` sends the request: ``NetworkExecutor``, `http://` over SwiftNIO
/// (``PlainHTTPExchange``), which the built-in server already runs on, and `https://` through
/// libcurl (``CurlExchange``), opened at the first secure request.
///
/// Neither URLSession, which links libcurl and some thirty libraries into every start (9 to
/// 16 ms to open them, more than a third of the start-up budget), nor AsyncHTTPClient, whose
/// TLS library, BoringSSL, compiled with it, took 247 of the 602 s a first release build took
/// on two cores; libcurl's TLS is the system's, with its certificates and its updates.
struct HTTPTransport: Sendable {
    let timeout: Double
    let observer: (@Sendable (HTTPExchange) -> Void)?
    let cancellation: RequestCancellation?
    let credentials: Credentials?
    /// Where the credentials may go: the server's base URL, and nowhere else.
    let credentialOrigin: URL?
    let maximumBytes: Int
    /// What sends each request: the network, or a test's stand-in.
    let executor: any HTTPExecutor
    /// Whether a redirect is followed; when not, the 3xx is the answer, as curl gives it.
    private(set) var followsRedirects = true

    /// Redirects are followed here, not by the client, to keep credentials on their origin.
    static let redirectsFollowed = 5

    init(
        timeout: Double, observer: (@Sendable (HTTPExchange) -> Void)?, cancellation: RequestCancellation?,
        credentials: Credentials? = nil, credentialOrigin: URL? = nil,
        maximumBodyBytes: Int = FHIRClient.maximumBodyBytes, executor: any HTTPExecutor = NetworkExecutor()
    ) {
        self.executor = executor
        self.timeout = timeout
        self.observer = observer
        self.cancellation = cancellation
        self.credentials = credentials
        self.credentialOrigin = credentialOrigin
        maximumBytes = maximumBodyBytes
    }

    /// The same transport with another timeout, for `set timeout` without reading metadata again.
    func with(timeout: Double) -> HTTPTransport {
        HTTPTransport(
            timeout: timeout, observer: observer, cancellation: cancellation, credentials: credentials,
            credentialOrigin: credentialOrigin, maximumBodyBytes: maximumBytes, executor: executor)
    }

    /// The same transport telling no observer: for requests the user did not ask for.
    func unobserved() -> HTTPTransport {
        HTTPTransport(
            timeout: timeout, observer: nil, cancellation: cancellation, credentials: credentials,
            credentialOrigin: credentialOrigin, maximumBodyBytes: maximumBytes, executor: executor)
    }

    /// The same transport sending `credentials` (nil: none), as a new token replaces the old.
    func with(credentials: Credentials?) -> HTTPTransport {
        HTTPTransport(
            timeout: timeout, observer: observer, cancellation: cancellation, credentials: credentials,
            credentialOrigin: credentialOrigin, maximumBodyBytes: maximumBytes, executor: executor)
    }

    /// The same transport answering a redirect with the redirect itself: for requests written by
    /// hand, where the `Location` is what the user wants to see (an authorization's code).
    func notFollowingRedirects() -> HTTPTransport {
        var transport = self
        transport.followsRedirects = false
        return transport
    }

    /// The same transport without credentials: a token endpoint is sent a client's, not a user's.
    func withoutCredentials() -> HTTPTransport { with(credentials: nil) }

    /// Sends a request and reads the answer as JSON; a status other than 2xx is `.refused`.
    func json(
        _ method: String, _ url: String, accept: String, body: [UInt8]? = nil, contentType: String? = nil
    ) async throws(ClientError) -> JSONValue {
        try await tape(method, url, accept: accept, body: body, contentType: contentType).root.json
    }

    /// The same, keeping the answer as a ``JSONTape``: for pages whose resources are read
    /// straight from it.
    func tape(
        _ method: String, _ url: String, accept: String, body: [UInt8]? = nil, contentType: String? = nil
    ) async throws(ClientError) -> JSONTape {
        let (tape, _) = try await exchange(method, url, accept: accept, body: body, contentType: contentType)
        guard let tape else { throw .notFHIR(url: url, reason: "the answer is empty") }
        return tape
    }

    /// Sends a request: the answer's JSON, parsed (nil when a 2xx answer has no body), and its head.
    ///
    /// `accept` may list alternatives separated by ` | `: a 406 (the server refuses that
    /// MIME type) tries the next, as servers disagree on DSTU2's and R4's names.
    func exchange(
        _ method: String, _ url: String, accept: String, body: [UInt8]? = nil, contentType: String? = nil,
        headers: [String: String] = [:], emptyAllowed: Bool = false
    ) async throws(ClientError) -> (JSONTape?, AnswerHead?) {
        let choices = accept.components(separatedBy: " | ")
        for (index, choice) in choices.enumerated() {
            do {
                return try await exchangeOnce(
                    method, url, accept: choice, body: body, contentType: contentType, headers: headers,
                    emptyAllowed: emptyAllowed)
            } catch .refused(406, _) where index + 1 < choices.count {
                continue
            }
        }
        throw .refused(status: 406, outcome: nil)
    }
}
