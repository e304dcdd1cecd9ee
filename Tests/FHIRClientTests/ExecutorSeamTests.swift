import FHIRClient
import FHIRModel
import Foundation
import Synchronization
import Testing

/// The client's rules seen through its ``HTTPExecutor`` seam, with no socket: what it sends
/// (fields, credentials, the default `Prefer`), how it follows redirects, and that what the
/// executor says goes to the caller and the trace unchanged.
@Suite("The client over a stand-in executor")
struct ExecutorSeamTests {
    /// Answers by `answer`, keeping every request it was sent.
    final class StandIn: HTTPExecutor {
        private let sent = Mutex<[HTTPRequest]>([])
        let answer: @Sendable (HTTPRequest) throws(ClientError) -> HTTPAnswer

        init(_ answer: @escaping @Sendable (HTTPRequest) throws(ClientError) -> HTTPAnswer) { self.answer = answer }

        var requests: [HTTPRequest] { sent.withLock { $0 } }

        func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
            async throws(ClientError) -> HTTPAnswer
        {
            sent.withLock { $0.append(request) }
            return try answer(request)
        }
    }

    static let base = "https://ehr.example/fhir"
    static let metadata = Array(
        #"{"resourceType":"CapabilityStatement","fhirVersion":"4.0.1","rest":[{"mode":"server","resource":[{"type":"Patient"}]}]}"#
            .utf8)

    /// A server at `base` whose metadata answers, and whose other answers `rest` gives.
    static func server(_ rest: @escaping @Sendable (HTTPRequest) throws(ClientError) -> HTTPAnswer) -> StandIn {
        StandIn { request throws(ClientError) in
            if request.url == base + "/metadata" { return HTTPAnswer(status: 200, body: metadata) }
            return try rest(request)
        }
    }

    static func patient(_ id: String) -> HTTPAnswer {
        HTTPAnswer(
            status: 200, headers: [("Content-Type", "application/fhir+json")],
            body: Array(#"{"resourceType":"Patient","id":"\#(id)"}"#.utf8))
    }

    @Test func theClientSpeaksTheServersVersionAndSendsItsToken() async throws {
        let standIn = Self.server { _ in Self.patient("f001") }
        let client = try await FHIRClient.connect(
            to: Self.base, credentials: .bearer(token: "T"), executor: standIn)
        #expect(client.version == .r4)
        #expect(try await client.read("Patient", id: "f001")["id"] == "f001")
        let read = try #require(standIn.requests.last)
        #expect(read.method == "GET" && read.url == Self.base + "/Patient/f001")
        #expect(read.header("Accept") == "application/fhir+json" && read.header("Authorization") == "Bearer T")
    }

    /// With credentials, a redirect to another origin is not followed: nothing goes there. One
    /// home keeps them, and without credentials the other origin is reached.
    @Test func credentialsStayOnTheirOrigin() async throws {
        let standIn = Self.server { request in
            switch request.url {
            case Self.base + "/Patient/moved": HTTPAnswer(status: 302, headers: [("Location", "https://cdn.example/p")])
            case Self.base + "/Patient/home": HTTPAnswer(status: 301, headers: [("Location", "/fhir/Patient/f001")])
            default: Self.patient("f001")
            }
        }
        let client = try await FHIRClient.connect(to: Self.base, credentials: .bearer(token: "T"), executor: standIn)
        await #expect(throws: ClientError.self) { try await client.read("Patient", id: "moved") }
        #expect(!standIn.requests.contains { $0.url.hasPrefix("https://cdn.example") })
        _ = try await client.read("Patient", id: "home")
        #expect(standIn.requests.last?.url == Self.base + "/Patient/f001")
        #expect(standIn.requests.last?.header("Authorization") == "Bearer T")
        _ = try await client.with(credentials: nil).read("Patient", id: "moved")
        #expect(standIn.requests.last?.url == "https://cdn.example/p")
        #expect(standIn.requests.last?.header("Authorization") == nil)
    }

    /// A body asks for the stored resource back, unless the caller asked for something else.
    @Test(arguments: [
        ([:], "return=representation"), (["Prefer": "return=minimal"], "return=minimal"),
        (["prefer": "handling=lenient"], "handling=lenient"),
    ])
    func preferWithABody(headers: [String: String], sent: String) async throws {
        let standIn = Self.server { _ in HTTPAnswer(status: 201, headers: [("Location", Self.base + "/Patient/1")]) }
        let client = try await FHIRClient.connect(to: Self.base, executor: standIn)
        let response = try await client.request("POST", "Patient", body: ["resourceType": "Patient"], headers: headers)
        #expect(response.status == 201 && response.location == Self.base + "/Patient/1")
        let post = try #require(standIn.requests.last)
        #expect(post.header("Prefer") == sent)
        #expect(post.headers.filter { $0.name.lowercased() == "prefer" }.count == 1)
    }

    /// What the executor says is what the caller hears, and the trace sees a request with no answer.
    @Test func theExecutorsFailureIsTheCallers() async throws {
        let traced = Mutex<[HTTPExchange]>([])
        let standIn = Self.server { request throws(ClientError) in
            throw .timedOut(url: request.url, seconds: 2)
        }
        let client = try await FHIRClient.connect(
            to: Self.base, observer: { exchange in traced.withLock { $0.append(exchange) } }, executor: standIn)
        await #expect(throws: ClientError.timedOut(url: Self.base + "/Patient/f001", seconds: 2)) {
            _ = try await client.read("Patient", id: "f001")
        }
        #expect(traced.withLock { $0.last?.status } == .some(nil))
    }
}
