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

    init(timeout: Double, observer: (@Sendable (HTTPExchange) -> Void)?) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration)
        self.timeout = timeout
        self.observer = observer
    }

    /// Sends a request and reads the answer as JSON; a status other than 2xx is `.refused`.
    func json(
        _ method: String, _ url: String, accept: String, body: [UInt8]? = nil, contentType: String? = nil
    ) async throws(ClientError) -> JSONValue {
        guard let target = URL(string: url) else { throw .unreachable(url: url, reason: "not a valid URL") }
        var request = URLRequest(url: target, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = Data(body)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let started = ContinuousClock.now
        let (data, response) = try await send(request, url: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        observer?(
            HTTPExchange(
                method: method, url: url, status: status, milliseconds: Self.milliseconds(since: started),
                requestBody: body.map { String(decoding: $0, as: UTF8.self) },
                responseBody: String(decoding: data, as: UTF8.self)))
        let parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(data) }
        let json = try? parsed.get()
        guard (200..<300).contains(status) else {
            // One line, however many issues the outcome lists.
            let outcome = json.flatMap { try? OperationOutcome(json: $0) }?.summary
                .replacingOccurrences(of: "\n", with: "; ")
            throw .refused(status: status, outcome: outcome)
        }
        guard let json else {
            let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "no content type"
            // JSON that breaks off (a dropped connection, a proxy's limit) is told apart from HTML.
            guard type.contains("json"), case .failure(let syntax) = parsed else {
                throw .notFHIR(url: url, reason: "the answer is not JSON (\(type))")
            }
            throw .notFHIR(url: url, reason: "malformed JSON: \(syntax)")
        }
        return json
    }

    private func send(_ request: URLRequest, url: String) async throws(ClientError) -> (Data, URLResponse) {
        let started = ContinuousClock.now
        do {
            return try await session.data(for: request)
        } catch {
            observer?(
                HTTPExchange(
                    method: request.httpMethod ?? "GET", url: url, status: nil,
                    milliseconds: Self.milliseconds(since: started)))
            throw Self.clientError(error, url: url, timeout: timeout)
        }
    }

    func cancelAll() {
        session.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
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
        default: return .unreachable(url: url, reason: failure.localizedDescription)
        }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
