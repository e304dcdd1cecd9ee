import FHIRModel
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests with URLSession and turns every failure into a ``ClientError``.
struct HTTPTransport: Sendable {
    let session: URLSession
    let timeout: Double
    let observer: (@Sendable (HTTPExchange) -> Void)?
    let cancellation: RequestCancellation?
    let credentials: Credentials?
    /// Where the credentials may go: the server's base URL, and nowhere else.
    let credentialOrigin: URL?
    let delegate: TransportDelegate

    init(
        timeout: Double, observer: (@Sendable (HTTPExchange) -> Void)?, cancellation: RequestCancellation?,
        credentials: Credentials? = nil, credentialOrigin: URL? = nil,
        maximumBodyBytes: Int = FHIRClient.maximumBodyBytes
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        // FHIR's REST API is stateless and every answer should be fresh: no cache, no cookie
        // jar, which also spares each request their lookups (a tenth of a command's own time).
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        delegate = TransportDelegate(guardsCredentials: credentials != nil, maximumBytes: maximumBodyBytes)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.timeout = timeout
        self.observer = observer
        self.cancellation = cancellation
        self.credentials = credentials
        self.credentialOrigin = credentialOrigin
    }

    /// The same transport with another timeout, for `set timeout` without reading metadata again.
    func with(timeout: Double) -> HTTPTransport {
        HTTPTransport(
            timeout: timeout, observer: observer, cancellation: cancellation, credentials: credentials,
            credentialOrigin: credentialOrigin, maximumBodyBytes: delegate.maximumBytes)
    }

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
    ) async throws(ClientError) -> (JSONTape?, HTTPURLResponse?) {
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

    private func exchangeOnce(
        _ method: String, _ url: String, accept: String, body: [UInt8]?, contentType: String?,
        headers: [String: String], emptyAllowed: Bool
    ) async throws(ClientError) -> (JSONTape?, HTTPURLResponse?) {
        guard let target = URL(string: url) else { throw .unreachable(url: url, reason: "not a valid URL") }
        var request = URLRequest(url: target, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        // A link or URL to another origin (a `next` link elsewhere, an absolute `get`) goes without them.
        if let credentials, let origin = credentialOrigin,
            TransportDelegate.allows(from: origin, to: target, guarded: true)
        {
            request.setValue(credentials.authorization, forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            // Ask for the stored resource back; a server may still answer with only a Location.
            request.setValue("return=representation", forHTTPHeaderField: "Prefer")
        }
        let started = ContinuousClock.now
        let (data, response) = try await send(request, url: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        observer?(
            HTTPExchange(
                method: method, url: url, status: status, milliseconds: Self.milliseconds(since: started),
                requestBody: body.map { String(decoding: $0, as: UTF8.self) },
                responseBody: String(decoding: data, as: UTF8.self)))
        let parsed = Result { () throws(JSONSyntaxError) in try JSONTape(parsing: data) }
        let json = try? parsed.get()
        if (300..<400).contains(status) {
            let location = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location") ?? "nowhere"
            throw .redirected(url: url, location: location)
        }
        guard (200..<300).contains(status) else {
            // One line, however many issues the outcome lists.
            let outcome = json.flatMap { try? OperationOutcome(node: $0.root, at: .root("OperationOutcome")) }?.summary
                .replacingOccurrences(of: "\n", with: "; ")
            throw .refused(status: status, outcome: outcome.map(Self.shortened))
        }
        if data.isEmpty, emptyAllowed { return (nil, response as? HTTPURLResponse) }
        guard let json else {
            let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "no content type"
            // JSON that breaks off (a dropped connection, a proxy's limit) is told apart from HTML.
            guard type.contains("json"), case .failure(let syntax) = parsed else {
                throw .notFHIR(url: url, reason: "the answer is not JSON (\(type))")
            }
            throw .notFHIR(url: url, reason: "\(syntax)")
        }
        return (json, response as? HTTPURLResponse)
    }

    private func send(_ request: URLRequest, url: String) async throws(ClientError) -> (Data, URLResponse) {
        let started = ContinuousClock.now
        let task = session.dataTask(with: request)
        // Ctrl-C cancels through `cancellation`; one that came before the start still counts.
        let token = cancellation?.begin { [delegate] in delegate.cancel(task) }
        defer { token.map { cancellation?.end($0) } }
        if cancellation != nil, token == nil { delegate.cancel(task) }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    delegate.start(task, continuation)
                }
            } onCancel: { [delegate] in
                delegate.cancel(task)
            }
        } catch {
            observer?(
                HTTPExchange(
                    method: request.httpMethod ?? "GET", url: url, status: nil,
                    milliseconds: Self.milliseconds(since: started)))
            if error is TransportDelegate.TooLarge { throw .tooLarge(url: url, limit: delegate.maximumBytes) }
            throw Self.clientError(error, url: url, timeout: timeout)
        }
    }

    static func clientError(_ error: any Error, url: String, timeout: Double) -> ClientError {
        if error is CancellationError { return .cancelled }
        guard let failure = error as? URLError else { return .unreachable(url: url, reason: "\(error)") }
        switch failure.code {
        case .timedOut: return .timedOut(url: url, seconds: timeout)
        case .cancelled: return .cancelled
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .tls(url: url, reason: failure.localizedDescription)
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(url: url, reason: "unknown host")
        case .cannotConnectToHost: return .unreachable(url: url, reason: "connection refused")
        case .unsupportedURL, .badURL: return .unreachable(url: url, reason: "a URL this client cannot use")
        case .networkConnectionLost: return .unreachable(url: url, reason: "the connection was lost")
        case .httpTooManyRedirects: return .unreachable(url: url, reason: "too many redirects (a loop?)")
        case .unknown:
            return .unreachable(
                url: url, reason: "the connection failed (is it http on an https port, or the reverse?)")
        case .badServerResponse: return .unreachable(url: url, reason: "the answer was not HTTP")
        default: return .unreachable(url: url, reason: "network error \(failure.code.rawValue)")
        }
    }

    /// A stack trace as a diagnostic is not a line anyone reads to the end.
    static func shortened(_ text: String) -> String {
        text.count > 300 ? text.prefix(300) + "…" : text
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
