import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird
import Logging

@testable import MedbrainWeb

/// The built-in server's service with the web view, asked directly (no sockets): pages through
/// the server's router, as a browser's request reaches them, resources through the FHIR API, as
/// a student's client would write them.
struct ViewHarness {
    let service: FHIRService
    let view: WebView
    let routes: RouterResponder<ServerRequestContext>
    static let now = Date.parseInstant("2016-08-16T08:00:00Z")!

    init(_ version: FHIRVersion) async throws {
        let configuration = ServerConfiguration(version: version, now: Self.now)
        service = try await FHIRService.build(configuration)
        // The classroom reaches the server by the name its --public-url gives.
        service.base.set(
            ServerNames(host: "127.0.0.1", port: 8080, publicURL: URL(string: "http://class.example:8080")))
        view = WebView(timeZone: TimeZone(identifier: "UTC")!)
        routes = FHIRHTTPServer(service: service, configuration: configuration, pages: view).router().buildResponder()
    }

    /// The server's answer to `method path` from the classroom, before its body is read.
    func answer(_ path: String, method: HTTPRequest.Method = .get) async throws -> Response {
        let head = HTTPRequest(method: method, scheme: "http", authority: "class.example:8080", path: path)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        return try await routes.respond(to: request, context: ServerRequestContext(logger: Logger(label: "test")))
    }

    /// The view's answer to `method path`: status and body, or nil when the view leaves it to
    /// the server (which says where the FHIR API is).
    func page(_ path: String, method: HTTPRequest.Method = .get) async throws -> (status: Int, html: String)? {
        let response = try await answer(path, method: method)
        let collected = CollectedBody()
        try await response.body.write(CollectingWriter(body: collected))
        let text = String(buffer: collected.buffer)
        return text.hasPrefix("Not found. The FHIR API is at") ? nil : (response.status.code, text)
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
