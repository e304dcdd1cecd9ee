import FHIRModel
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FHIRClient

/// Servers that page oddly or answer badly: the client follows what it can and says in one
/// line what it cannot.
@Suite("FHIR client against odd servers")
struct MisbehavingServerTests {
    static func bundle(_ ids: [String], next: String?, selfLink: String? = nil) -> String {
        let entries = ids.map { #"{"resource":{"resourceType":"Patient","id":"\#($0)"}}"# }.joined(separator: ",")
        let links = [
            selfLink.map { #"{"relation":"self","url":"\#($0)"}"# },
            next.map { #"{"relation":"next","url":"\#($0)"}"# },
        ]
        .compactMap { $0 }
        let link = links.isEmpty ? "" : #","link":[\#(links.joined(separator: ","))]"#
        return #"{"resourceType":"Bundle","type":"searchset","entry":[\#(entries)]\#(link)}"#
    }

    /// Pages: the first by search, the second by a relative link, the third by an absolute one,
    /// the fourth links back to the second, which ends the walk.
    @Test func searchAllFollowsRelativeAndAbsoluteLinksAndStopsAtALoop() async throws {
        // The absolute link needs the port, known once the server runs.
        let port = Mutex(0)
        let server = try CannedServer { target in
            let absolute = "http://127.0.0.1:\(port.withLock { $0 })/fhir/Patient?name=x&page=3"
            return switch target {
            case "/fhir/metadata": .init(body: CannedServer.metadata())
            case "/fhir/Patient?name=x": .init(body: Self.bundle(["a", "b"], next: "Patient?name=x&page=2"))
            case "/fhir/Patient?name=x&page=2": .init(body: Self.bundle(["c"], next: absolute))
            case "/fhir/Patient?name=x&page=3": .init(body: Self.bundle(["d"], next: "Patient?name=x&page=2"))
            default: .init(status: 404, body: "{}")
            }
        }
        defer { server.close() }
        port.withLock { $0 = server.port }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        let found = try await client.searchAll("Patient", [("name", "x")], limit: 100)
        #expect(found.compactMap { $0["id"]?.stringValue } == ["a", "b", "c", "d"])
    }

    /// A page whose `next` is itself, spelled relative while the first request was absolute,
    /// or named by a later page's `self` link: each page is read once.
    @Test func searchAllReadsAPageLinkingToItselfOnce() async throws {
        let server = try CannedServer { target in
            switch target {
            case "/fhir/metadata": .init(body: CannedServer.metadata())
            case "/fhir/Patient?name=x": .init(body: Self.bundle(["a"], next: "Patient?name=x"))
            case "/fhir/Patient?name=y": .init(body: Self.bundle(["b"], next: "Patient?name=y&page=2"))
            case "/fhir/Patient?name=y&page=2":
                .init(body: Self.bundle(["c"], next: "Patient?name=y&p=2", selfLink: "Patient?name=y&p=2"))
            default: .init(status: 404, body: "{}")
            }
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        #expect(
            try await client.searchAll("Patient", [("name", "x")], limit: 100).compactMap { $0["id"]?.stringValue } == [
                "a"
            ])
        #expect(
            try await client.searchAll("Patient", [("name", "y")], limit: 100).compactMap { $0["id"]?.stringValue }
                == ["b", "c"])
    }

    /// A server that pages on forever with empty pages is left at the first empty one.
    @Test func searchAllStopsAtAnEmptyPage() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata()) : .init(body: Self.bundle([], next: "Patient?page=\(UUID())"))
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        #expect(try await client.searchAll("Patient", [], limit: 5).isEmpty)
    }

    /// Connections are kept for the next request; one the server closed meanwhile (here after
    /// every answer, though its heads promise to keep it) is dropped and the request goes on a
    /// new one, so no request fails for it.
    @Test func aKeptConnectionTheServerClosedIsNotAnError() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? CannedServer.Reply(body: CannedServer.metadata()).promisingKeepAlive()
                : CannedServer.Reply(body: Self.bundle(["a"], next: nil)).promisingKeepAlive()
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        for _ in 0..<20 {
            #expect(try await client.searchAll("Patient", [], limit: 5).count == 1)
        }
    }

    /// 201 with no body is allowed: the new id comes from Location.
    @Test func aCreateAnsweredOnlyWithALocation() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata())
                : .init(status: 201, body: "", headers: ["Location: http://x/fhir/Patient/p9/_history/1"])
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        let created = try await client.create(["resourceType": "Patient"])
        #expect(created == ["resourceType": "Patient", "id": "p9"])
    }

    @Test(arguments: [
        ("HTTP://127.0.0.1:8080/fhir//", "http://127.0.0.1:8080/fhir"),
        ("  https://example.org/baseR4/ ", "https://example.org/baseR4"),
        ("http://127.0.0.1:8080/fhir?x=1", "a FHIR base URL has no query or fragment"),
        ("http://127.0.0.1:8080/fhir#top", "a FHIR base URL has no query or fragment"),
        ("http://127.0.0.1:0/fhir", "port 0 is out of range"),
        ("file:///etc/passwd", "not an http or https URL"), ("http://", "not an http or https URL"),
    ])
    func baseURLs(text: String, result: String) {
        do { #expect(try FHIRClient.baseURL(text) == result) } catch {
            #expect(error.description.hasSuffix(": " + result))
        }
    }

    @Test func searchAllStopsAtTheLimit() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata())
                : .init(body: Self.bundle(["a", "b"], next: "Patient?page=\(UUID())"))
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        #expect(try await client.searchAll("Patient", [], limit: 5).count == 6)
    }

    @Test(arguments: [
        (CannedServer.Reply(contentType: "text/html", body: "<html>sign in</html>"), "not JSON (text/html)"),
        (CannedServer.Reply(body: #"{"resourceType":"Bundle","entry":[{"#), "malformed JSON at line 1"),
        (CannedServer.Reply(status: 500, contentType: "text/plain", body: "boom"), "500"),
    ])
    func aBadAnswerIsOneLine(reply: CannedServer.Reply, says: String) async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata" ? .init(body: CannedServer.metadata()) : reply
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        let error = await #expect(throws: ClientError.self) { try await client.search("Patient", []) }
        let text = error?.description ?? ""
        #expect(text.contains(says), "\(text)")
        #expect(!text.contains("\n"))
    }

    /// An answer larger than the limit is refused, not loaded: memory stays bounded whatever a
    /// server sends. (The limit is small here; it is 32 MiB by default.)
    @Test func anEnormousAnswerIsRefused() async throws {
        let padding = String(repeating: " ", count: 50_000)
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata()) : .init(body: #"{"resourceType":"Patient"\#(padding)}"#)
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(
            to: server.baseURL, timeout: BusyMachine.requestTimeout, maximumBodyBytes: 10_000)
        await #expect(throws: ClientError.tooLarge(url: server.baseURL + "/Patient/p1", limit: 10_000)) {
            _ = try await client.read("Patient", id: "p1")
        }
        // Without a Content-Length the body is counted as it arrives.
        let streaming = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata())
                : CannedServer.Reply(body: #"{"resourceType":"Patient"\#(padding)}"#).declaring(length: nil)
        }
        defer { streaming.close() }
        let streamed = try await FHIRClient.connect(
            to: streaming.baseURL, timeout: BusyMachine.requestTimeout, maximumBodyBytes: 10_000)
        await #expect(throws: ClientError.tooLarge(url: streaming.baseURL + "/Patient/p1", limit: 10_000)) {
            _ = try await streamed.read("Patient", id: "p1")
        }
        #expect(
            ClientError.tooLarge(url: "http://x/fhir/Patient", limit: 32 * 1024 * 1024).description
                == "the answer from http://x/fhir/Patient is larger than 32 MiB; ask for less (_count, _elements)")
    }
}
