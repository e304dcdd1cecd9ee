import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird

@testable import MedbrainWeb

/// The built-in server's service with the web view, asked directly (no sockets): pages through
/// the view, resources through the FHIR API, as a student's client would write them.
struct ViewHarness {
    let service: FHIRService
    let view: WebView
    static let now = Date.parseInstant("2016-08-16T08:00:00Z")!

    init(_ version: FHIRVersion) async throws {
        service = try await FHIRService.build(ServerConfiguration(version: version, now: Self.now))
        view = WebView(timeZone: TimeZone(identifier: "UTC")!)
    }

    /// The view's answer to `method path`: status and body, or nil when the view leaves it.
    func page(_ path: String, method: HTTPRequest.Method = .get) async throws -> (status: Int, html: String)? {
        let head = HTTPRequest(method: method, scheme: "http", authority: "class.example:8080", path: path)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard let response = await view.respond(to: request, service: service) else { return nil }
        let collected = CollectedBody()
        try await response.body.write(CollectingWriter(body: collected))
        return (response.status.code, String(buffer: collected.buffer))
    }

    /// A FHIR API request, as JSON.
    func fhir(_ method: String, _ path: String, query: [(String, String)] = [], body: JSONValue? = nil) async
        -> (status: Int, json: JSONValue?)
    {
        let request = FHIRRequest(
            method: method, components: path.split(separator: "/").map(String.init),
            query: query.map { (name: $0.0, value: $0.1) },
            headers: body == nil ? [:] : ["content-type": "application/fhir+json"], body: body?.compactBytes ?? [])
        let response = await service.handle(request)
        return (response.status, try? JSONParser.parse(response.body))
    }

    /// Every resource a search finds (one page of up to 1000 is enough for the dataset).
    func search(_ type: String, _ query: [(String, String)]) async -> [JSONValue] {
        let answer = await fhir("GET", type, query: query + [("_count", "1000")])
        guard case .array(let entries)? = answer.json?["entry"] else { return [] }
        return entries.compactMap { $0["resource"] }
    }
}

/// A response body as the view wrote it; the writer is consumed, so the bytes live here.
final class CollectedBody {
    var buffer = ByteBuffer()
}

/// Collects a response body written by the view.
struct CollectingWriter: ResponseBodyWriter {
    let body: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var part = buffer
        body.buffer.writeBuffer(&part)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
