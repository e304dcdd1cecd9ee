import FHIRModel
import Foundation

/// A server's answer to any interaction: the status, the headers a client acts on, the body.
public struct FHIRResponse: Sendable {
    public var status: Int
    /// The body, or nil when the server sent none (`Prefer: return=minimal`, a delete).
    public var json: JSONValue?
    /// The version the server stored, for the next update's `If-Match`.
    public var etag: String?
    public var location: String?
    public var url: String

    /// The id a create's `Location` (`[base]/Patient/7/_history/1`) gives a resource of `type`.
    public func createdID(of type: String) -> String? {
        let parts = (location ?? "").split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: type), index + 1 < parts.count else { return nil }
        return parts[index + 1]
    }
}

/// FHIR's RESTful interactions beyond search: read, history, create, update, delete, and any
/// request by path, for developers exploring a server.
extension FHIRClient {
    /// A URL from a path relative to the base (`Patient/f001/_history`) or an absolute URL.
    public func url(for path: String) -> String {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return path }
        let trimmed = path.drop { $0 == "/" }
        return server.baseURL + (trimmed.isEmpty ? "" : "/" + trimmed)
    }

    /// Sends `method` to `path` with an optional JSON body; a status other than 2xx throws, but
    /// for a redirect not followed (`followingRedirects: false`), which is the answer.
    public func request(
        _ method: String, _ path: String, body: JSONValue? = nil, headers: [String: String] = [:],
        followingRedirects: Bool = true
    ) async throws(ClientError) -> FHIRResponse {
        let target = url(for: path)
        let transport = followingRedirects ? transport : transport.notFollowingRedirects()
        let (tape, head) = try await transport.exchange(
            method, target, accept: accept, body: body?.compactBytes,
            contentType: body == nil ? nil : version.mimeType, headers: headers, emptyAllowed: true)
        return FHIRResponse(
            status: head?.status ?? 0, json: tape?.root.json, etag: head?.header("ETag"),
            location: head?.header("Location"), url: target)
    }

    /// Posts a form (`name=value&…`, as typed) to `path`, as a browser or an OAuth client does:
    /// to an authorization or token endpoint. The session's credentials stay home (the form
    /// carries its own), and a redirect is the answer, not followed.
    public func postForm(_ path: String, _ form: String) async throws(ClientError) -> FHIRResponse {
        let target = url(for: path)
        let (tape, head) = try await transport.withoutCredentials().notFollowingRedirects().exchange(
            "POST", target, accept: "application/json", body: Array(form.utf8),
            contentType: "application/x-www-form-urlencoded", emptyAllowed: true)
        return FHIRResponse(
            status: head?.status ?? 0, json: tape?.root.json, etag: head?.header("ETag"),
            location: head?.header("Location"), url: target)
    }

    /// The versions of one resource, newest first, as a history Bundle.
    public func history(_ type: String, id: String) async throws(ClientError) -> FHIRModel.Bundle {
        try await page("\(type)/\(id)/_history")
    }

    /// Replaces a resource; `ifMatch` (an ETag such as `W/"2"`) makes the server refuse with
    /// 412 when someone else changed it since it was read.
    public func update(_ resource: JSONValue, id: String, ifMatch: String? = nil) async throws(ClientError)
        -> FHIRResponse
    {
        let type = resource["resourceType"]?.stringValue ?? ""
        return try await request(
            "PUT", "\(type)/\(id)", body: resource, headers: ifMatch.map { ["If-Match": $0] } ?? [:])
    }

    /// Deletes a resource.
    public func delete(_ type: String, id: String) async throws(ClientError) -> FHIRResponse {
        try await request("DELETE", "\(type)/\(id)")
    }

    /// How many resources a search finds, by `_summary=count` (the server sends no entries),
    /// and the Bundle that said so.
    public func count(_ type: String, _ parameters: [(String, String)] = []) async throws(ClientError) -> (
        total: Int, bundle: FHIRModel.Bundle
    ) {
        let bundle = try await search(type, parameters + [("_summary", "count")])
        guard let total = bundle.total else {
            throw .notFHIR(url: url(for: type), reason: "its search Bundle has no total")
        }
        return (total, bundle)
    }
}
