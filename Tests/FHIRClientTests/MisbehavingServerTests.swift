import FHIRClient
import FHIRModel
import Foundation
import Synchronization
import TestSupport
import Testing

/// Servers that page oddly or answer badly: the client follows what it can and says in one
/// line what it cannot.
@Suite("FHIR client against odd servers")
struct MisbehavingServerTests {
    static func bundle(_ ids: [String], next: String?) -> String {
        let entries = ids.map { #"{"resource":{"resourceType":"Patient","id":"\#($0)"}}"# }.joined(separator: ",")
        let link = next.map { #","link":[{"relation":"next","url":"\#($0)"}]"# } ?? ""
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
        let client = try await FHIRClient.connect(to: server.baseURL)
        let found = try await client.searchAll("Patient", [("name", "x")], limit: 100)
        #expect(found.compactMap { $0["id"]?.stringValue } == ["a", "b", "c", "d"])
    }

    @Test func searchAllStopsAtTheLimit() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata())
                : .init(body: Self.bundle(["a", "b"], next: "Patient?page=\(UUID())"))
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL)
        #expect(try await client.searchAll("Patient", [], limit: 5).count == 6)
    }

    @Test(arguments: [
        (CannedServer.Reply(contentType: "text/html", body: "<html>sign in</html>"), "not JSON (text/html)"),
        (CannedServer.Reply(body: #"{"resourceType":"Bundle","entry":[{"#), "malformed JSON: "),
        (CannedServer.Reply(status: 500, contentType: "text/plain", body: "boom"), "500"),
    ])
    func aBadAnswerIsOneLine(reply: CannedServer.Reply, says: String) async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata" ? .init(body: CannedServer.metadata()) : reply
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL)
        let error = await #expect(throws: ClientError.self) { try await client.search("Patient", []) }
        let text = error?.description ?? ""
        #expect(text.contains(says), "\(text)")
        #expect(!text.contains("\n"))
    }
}
