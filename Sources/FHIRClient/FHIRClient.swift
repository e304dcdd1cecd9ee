import FHIRModel
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    /// this client's requests from elsewhere, the metadata read included.
    public static func connect(
        to url: String, timeout: Double = 10, observer: (@Sendable (HTTPExchange) -> Void)? = nil,
        cancellation: RequestCancellation? = nil
    ) async throws(ClientError) -> FHIRClient {
        let base = url.hasSuffix("/") ? String(url.dropLast()) : url
        guard let parsed = URL(string: base), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
            parsed.host != nil
        else { throw .unreachable(url: url, reason: "not an http or https URL") }
        let transport = HTTPTransport(timeout: timeout, observer: observer)
        cancellation?.register(transport.session)
        let metadata: JSONValue
        do { metadata = try await transport.json("GET", base + "/metadata", accept: Self.anyFHIRJSON) } catch {
            // A FHIR base always answers /metadata; anything else is not one.
            guard case .refused(let status, _) = error else { throw error }
            throw .notFHIR(url: base, reason: "GET \(base)/metadata answered \(status)")
        }
        return FHIRClient(server: try ServerInfo(baseURL: base, metadata: metadata), transport: transport)
    }

    /// Searches `type` with `parameters` (in order, repeats allowed) and returns the Bundle.
    public func search(_ type: String, _ parameters: [(String, String)] = []) async throws(ClientError)
        -> FHIRModel.Bundle
    {
        var components = URLComponents(string: server.baseURL + "/" + type)
        components?.queryItems = parameters.isEmpty ? nil : parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` in a value is a space to many servers; encode it.
        let url = (components?.string ?? server.baseURL + "/" + type).replacingOccurrences(of: "+", with: "%2B")
        return try await page(url)
    }

    /// A page of search results by its URL (a Bundle's `next` link, absolute or relative to the base).
    public func page(_ link: String) async throws(ClientError) -> FHIRModel.Bundle {
        let url = URL(string: link, relativeTo: URL(string: server.baseURL + "/"))?.absoluteString ?? link
        let json = try await transport.json("GET", url, accept: version.mimeType)
        do { return try FHIRModel.Bundle(json: json) } catch { throw .notFHIR(url: url, reason: error.description) }
    }

    /// One resource by type and id.
    public func read(_ type: String, id: String) async throws(ClientError) -> JSONValue {
        try await transport.json("GET", server.baseURL + "/" + type + "/" + id, accept: version.mimeType)
    }

    /// Creates `resource` and returns it as the server stored it (with its new id).
    public func create(_ resource: JSONValue) async throws(ClientError) -> JSONValue {
        let type = resource["resourceType"]?.stringValue ?? ""
        return try await transport.json(
            "POST", server.baseURL + "/" + type, accept: version.mimeType, body: resource.compactBytes,
            contentType: version.mimeType)
    }

    /// Cancels the requests in flight (Ctrl-C); each ends in ``ClientError/cancelled``.
    public func cancelRequests() { transport.cancelAll() }

    static let anyFHIRJSON = "application/fhir+json, application/json+fhir;q=0.9, application/json;q=0.8"
}
