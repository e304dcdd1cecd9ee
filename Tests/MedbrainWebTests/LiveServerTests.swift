import FHIRModel
import FHIRServer
import Foundation
import Testing

@testable import MedbrainWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The view on a real socket beside the FHIR API, as a browser and a student's client meet it.
/// A hang is caught at three minutes: a minute is too little on two busy cores.
@Suite(.timeLimit(.minutes(3))) struct LiveServerTests {
    static func start() async throws -> InProcessServer {
        try await InProcessServer.start(
            ServerConfiguration(version: .r4, now: ViewHarness.now), pages: WebView())
    }

    static func get(_ url: String) async throws -> (status: Int, type: String, body: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
        let http = try #require(response as? HTTPURLResponse)
        return (
            http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", String(decoding: data, as: UTF8.self)
        )
    }

    static func root(of server: InProcessServer) -> String {
        String(server.baseURL.dropLast(FHIRService.basePath.count))
    }

    @Test func pagesAndTheFHIRAPIShareTheAddress() async throws {
        let server = try await Self.start()
        let page = try await Self.get(Self.root(of: server) + "/")
        #expect(page.status == 200)
        #expect(page.type == "text/html; charset=utf-8")
        #expect(
            page.body.contains(
                "FHIR R4 server at <code>\(server.baseURL.replacingOccurrences(of: "/fhir", with: ""))/fhir</code>"))
        let script = try await Self.get(Self.root(of: server) + "/view.js")
        #expect(script.type.hasPrefix("text/javascript"))
        let metadata = try await Self.get(server.baseURL + "/metadata")
        #expect(metadata.type.hasPrefix("application/fhir+json"))
        let missing = try await Self.get(Self.root(of: server) + "/nothing")
        #expect(missing.status == 404)
        await server.stop()
    }

    @Test func aCreateThroughTheAPIIsAnnouncedAndTheServerStillStops() async throws {
        let server = try await Self.start()
        let port = try #require(URL(string: server.baseURL)?.port)
        let stream = try RawHTTPStream(port: port, path: "/events")
        #expect(try await stream.read(until: "event: hello"))
        var request = URLRequest(url: URL(string: server.baseURL + "/Patient")!)
        request.httpMethod = "POST"
        request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"resourceType":"Patient","name":[{"family":"Neu"}]}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(try await stream.read(until: "event: change"))
        let page = try await Self.get(Self.root(of: server) + "/")
        #expect(page.body.contains(">Neu</a>"))
        // An open stream must not keep `quit` waiting: shutting down ends it.
        await server.stop()
        #expect(try await !stream.read(until: "never sent"))
    }
}
