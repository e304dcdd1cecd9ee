import FHIRModel
import Foundation

/// One request's way there and back: headers, redirects, the body up to its limit, and what
/// the answer means.
extension HTTPTransport {
    func exchangeOnce(
        _ method: String, _ url: String, accept: String, body: [UInt8]?, contentType: String?,
        headers: [String: String], emptyAllowed: Bool
    ) async throws(ClientError) -> (JSONTape?, AnswerHead?) {
        let started = ContinuousClock.now
        let (data, head) = try await send(
            method, url, accept: accept, body: body, contentType: contentType, headers: headers)
        observer?(
            HTTPExchange(
                method: method, url: url, status: head.status, milliseconds: Self.milliseconds(since: started),
                requestBody: body.map { String(decoding: $0, as: UTF8.self) },
                responseBody: String(decoding: data, as: UTF8.self),
                requestHeaders: headers.filter { $0.key.lowercased() != "authorization" }.sorted { $0.key < $1.key }
                    .map { "\($0.key): \($0.value)" }))
        let parsed = Result { () throws(JSONSyntaxError) in try JSONTape(parsing: data) }
        let json = try? parsed.get()
        if (300..<400).contains(head.status) {
            guard followsRedirects else { return (json, head) }
            throw .redirected(url: url, location: head.header("Location") ?? "nowhere")
        }
        guard (200..<300).contains(head.status) else {
            // One line, however many issues the outcome lists.
            let outcome =
                json.flatMap { try? OperationOutcome(node: $0.root, at: .root("OperationOutcome")) }?.summary
                .replacingOccurrences(of: "\n", with: "; ") ?? json.flatMap { AnswerHead.oauthError($0.root.json) }
            throw .refused(status: head.status, outcome: outcome.map(Self.shortened))
        }
        if data.isEmpty, emptyAllowed { return (nil, head) }
        guard let json else {
            let type = head.header("Content-Type") ?? "no content type"
            // JSON that breaks off (a dropped connection, a proxy's limit) is told apart from HTML.
            guard type.contains("json"), case .failure(let syntax) = parsed else {
                throw .notFHIR(url: url, reason: "the answer is not JSON (\(type))")
            }
            throw .notFHIR(url: url, reason: "\(syntax)")
        }
        return (json, head)
    }

    /// Sends the request, following redirects within the rules, and reads the whole body.
    private func send(
        _ method: String, _ url: String, accept: String, body: [UInt8]?, contentType: String?,
        headers: [String: String]
    ) async throws(ClientError) -> ([UInt8], AnswerHead) {
        var (target, method, body) = (url, method, body)
        for _ in 0...Self.redirectsFollowed {
            let request = try makeRequest(
                method, target, accept: accept, body: body, contentType: contentType, headers: headers)
            let (data, head) = try await perform(request, url: url)
            guard followsRedirects, [301, 302, 303, 307, 308].contains(head.status),
                let location = head.header("Location"),
                let next = URL(string: location, relativeTo: URL(string: target))?.absoluteURL,
                Self.allows(from: URL(string: target), to: next, guarded: credentials != nil)
            else { return (data, head) }
            // As browsers and curl do: a 303, or a 301/302 after a POST, is followed with a GET.
            if head.status == 303 || (method == "POST" && [301, 302].contains(head.status)) {
                (method, body) = ("GET", nil)
            }
            target = next.absoluteString
        }
        throw .unreachable(url: url, reason: "too many redirects (a loop?)")
    }

    /// Sends one request through the executor, telling the observer when no answer came.
    func perform(_ request: HTTPRequest, url: String) async throws(ClientError) -> ([UInt8], AnswerHead) {
        let started = ContinuousClock.now
        do {
            let answer = try await executor.perform(
                request, timeout: timeout, limit: maximumBytes, cancellation: cancellation)
            return (answer.body, AnswerHead(status: answer.status, headers: answer.headers))
        } catch {
            observer?(
                HTTPExchange(
                    method: request.method, url: url, status: nil, milliseconds: Self.milliseconds(since: started)))
            throw error
        }
    }

    private func makeRequest(
        _ method: String, _ url: String, accept: String, body: [UInt8]?, contentType: String?,
        headers extra: [String: String]
    ) throws(ClientError) -> HTTPRequest {
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            target.host != nil
        else { throw .unreachable(url: url, reason: "a URL this client cannot use") }
        var request = HTTPRequest(method: method, url: url, body: body)
        request.set("Accept", accept)
        // A link or URL to another origin (a `next` link elsewhere, an absolute `get`) goes without them.
        if let credentials, let origin = credentialOrigin, Self.allows(from: origin, to: target, guarded: true) {
            request.set("Authorization", credentials.authorization)
        }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { request.set(name, value) }
        if body != nil {
            if let contentType { request.set("Content-Type", contentType) }
            // Ask for the stored resource back, unless the caller asked otherwise; a server may
            // still answer with only a Location.
            if !extra.keys.contains(where: { $0.lowercased() == "prefer" }) {
                request.set("Prefer", "return=representation")
            }
        }
        return request
    }

    /// Whether a request may go from `origin` to `target` with its credentials.
    static func allows(from origin: URL?, to target: URL?, guarded: Bool) -> Bool {
        guard guarded else { return true }
        return origin?.host?.lowercased() == target?.host?.lowercased() && origin?.scheme == target?.scheme
            && origin?.port == target?.port
    }

    /// A stack trace as a diagnostic is not a line anyone reads to the end.
    static func shortened(_ text: String) -> String {
        text.count > ClientError.longestOutcome ? text.prefix(ClientError.longestOutcome) + "…" : text
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// The head of an answer: its status and header fields.
struct AnswerHead: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]

    /// The first field named `name` (case does not matter).
    func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name.lowercased() == name }?.value
    }

    /// An OAuth error (RFC 6749 §5.2) in an answer's body, `invalid_grant: the code expired`,
    /// summarised as an outcome is.
    static func oauthError(_ json: JSONValue) -> String? {
        guard let error = json["error"]?.stringValue else { return nil }
        return [error, json["error_description"]?.stringValue].compactMap { $0 }.joined(separator: ": ")
    }
}
