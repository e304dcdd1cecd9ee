import FHIRModel
import Foundation

/// A FHIR server over HTTP, in the version its metadata declares (tutorial §11.4.1).
///
/// `connect` reads the metadata first, so every later request speaks the server's version:
/// its MIME type, its resource names. Failures are ``ClientError``s of one line each.
public struct FHIRClient: Sendable {
    public let server: ServerInfo
    let transport: HTTPTransport

    public var version: FHIRVersion { server.version }

    /// Connects to the FHIR base `url` (such as `http://127.0.0.1:8080/fhir`) by reading its metadata.
    ///
    /// `observer` sees every request and answer, for `trace`; `cancellation` can cancel
    /// this client's requests from elsewhere, the metadata read included. `credentials` go
    /// with every request; `assumedVersion` stands in when the metadata names no version.
    /// An answer over `maximumBodyBytes` fails as ``ClientError/tooLarge(url:limit:)``. `executor`
    /// sends the requests: the network unless a test stands in for it.
    public static func connect(
        to url: String, timeout: Double = 10, observer: (@Sendable (HTTPExchange) -> Void)? = nil,
        cancellation: RequestCancellation? = nil, credentials: Credentials? = nil, assumedVersion: FHIRVersion? = nil,
        maximumBodyBytes: Int = Self.maximumBodyBytes, executor: any HTTPExecutor = NetworkExecutor()
    ) async throws(ClientError) -> FHIRClient {
        let base = try baseURL(url)
        let transport = HTTPTransport(
            timeout: timeout, observer: observer, cancellation: cancellation, credentials: credentials,
            credentialOrigin: URL(string: base), maximumBodyBytes: maximumBodyBytes, executor: executor)
        let metadata: JSONTape
        do { metadata = try await transport.tape("GET", base + "/metadata", accept: Self.anyFHIRJSON) } catch {
            // A FHIR base always answers /metadata; anything else is not one.
            // Credentials wanted or refused is said as such, not as "not FHIR".
            guard case .refused(let status, _) = error, ![401, 403].contains(status) else { throw error }
            throw .notFHIR(url: base, reason: "GET \(base)/metadata answered \(status)")
        }
        let server = try ServerInfo(baseURL: base, metadata: metadata.root, assumedVersion: assumedVersion)
        return FHIRClient(server: server, transport: transport)
    }

    /// The same client waiting at most `seconds` for each answer.
    public func with(timeout seconds: Double) -> FHIRClient {
        FHIRClient(server: server, transport: transport.with(timeout: seconds))
    }

    /// The same client without its observer: what a lesson's check reads to see the server's
    /// data stays out of `trace` and out of the requests the student is asked to send.
    public func unobserved() -> FHIRClient {
        FHIRClient(server: server, transport: transport.unobserved())
    }

    /// How long a request may wait for its answer, in seconds.
    public var timeout: Double { transport.timeout }

    /// Searches `type` with `parameters` (in order, repeats allowed) and returns the Bundle.
    public func search(_ type: String, _ parameters: [(String, String)] = []) async throws(ClientError)
        -> FHIRModel.Bundle
    {
        try await page(searchURL(type, parameters))
    }

    /// A page of search results by its URL (a Bundle's `next` link, absolute or relative to the base).
    public func page(_ link: String) async throws(ClientError) -> FHIRModel.Bundle {
        let url = pageURL(link)
        let tape = try await transport.tape("GET", url, accept: accept)
        do { return try FHIRModel.Bundle(node: tape.root, at: .root(FHIRModel.Bundle.resourceType)) } catch {
            throw .notFHIR(url: url, reason: error.description)
        }
    }

    /// The same page with its resources left unread, for reading straight into models.
    public func searchsetPage(_ link: String) async throws(ClientError) -> SearchsetPage {
        let url = pageURL(link)
        let tape = try await transport.tape("GET", url, accept: accept)
        do { return try SearchsetPage(tape: tape) } catch { throw .notFHIR(url: url, reason: error.description) }
    }

    /// The URL searching `type` with `parameters`.
    func searchURL(_ type: String, _ parameters: [(String, String)]) -> String {
        var components = URLComponents(string: server.baseURL + "/" + type)
        components?.queryItems = parameters.isEmpty ? nil : parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` in a value is a space to many servers; encode it.
        return (components?.string ?? server.baseURL + "/" + type).replacingOccurrences(of: "+", with: "%2B")
    }

    /// A page link made absolute (links may be relative to the base), so that two spellings
    /// of one page are seen as one.
    public func pageURL(_ link: String) -> String {
        URL(string: link, relativeTo: URL(string: server.baseURL + "/"))?.absoluteString ?? link
    }

    /// One resource by type and id.
    public func read(_ type: String, id: String) async throws(ClientError) -> JSONValue {
        try await transport.json("GET", server.baseURL + "/" + type + "/" + id, accept: accept)
    }

    /// Creates `resource` and returns it as the server stored it (with its new id).
    public func create(_ resource: JSONValue) async throws(ClientError) -> JSONValue {
        let type = resource["resourceType"]?.stringValue ?? ""
        let response = try await request("POST", type, body: resource)
        if let json = response.json { return json }
        // An empty answer is allowed: the new id is in Location, `[base]/Type/id/_history/v`.
        guard let id = response.createdID(of: type), case .object(var created) = resource else {
            throw .notFHIR(
                url: response.url, reason: "the server created the resource but sent neither it nor its Location")
        }
        created["id"] = .string(id)
        return .object(created)
    }

    /// The version's MIME type, then the other's, then plain JSON: each tried after a 406.
    var accept: String {
        let other = FHIRVersion.allCases.first { $0 != version }?.mimeType ?? "application/json"
        return [version.mimeType, other, "application/json"].joined(separator: " | ")
    }

    /// Answers larger than this are cut off with an error: a FHIR page is kilobytes to a few
    /// megabytes, and a client that loads whatever comes can be made to run out of memory.
    public static let maximumBodyBytes = 32 * 1024 * 1024

    static let anyFHIRJSON = "application/fhir+json, application/json+fhir;q=0.9, application/json;q=0.8"
}
