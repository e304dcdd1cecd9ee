import FHIRModel
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FHIRClient

/// Servers that want credentials: the client sends them, says clearly when they are missing
/// or not enough, and never carries them to another host.
@Suite("FHIR client credentials and content negotiation")
struct CredentialsTests {
    /// A server that answers only requests carrying `authorization`, and 401 to the rest.
    static func guarded(by authorization: String) throws -> CannedServer {
        try CannedServer { request in
            guard request.headers["authorization"] == authorization else {
                return .init(
                    status: 401,
                    body:
                        #"{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"login","diagnostics":"token expired"}]}"#
                )
            }
            return request.target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata()) : .init(body: #"{"resourceType":"Patient","id":"p1"}"#)
        }
    }

    @Test(arguments: [
        (Credentials.bearer(token: "s3cret"), "Bearer s3cret"),
        (Credentials.basic(user: "alice", password: "pw"), "Basic YWxpY2U6cHc="),
    ])
    func credentialsGoWithEveryRequest(credentials: Credentials, header: String) async throws {
        let server = try Self.guarded(by: header)
        defer { server.close() }
        let client = try await FHIRClient.connect(
            to: server.baseURL, timeout: BusyMachine.requestTimeout, credentials: credentials)
        let patient = try await client.read("Patient", id: "p1")
        #expect(patient["id"]?.stringValue == "p1")
    }

    @Test func withoutCredentialsA401SaysWhatToDo() async throws {
        let server = try Self.guarded(by: "Bearer right")
        defer { server.close() }
        await #expect(throws: ClientError.refused(status: 401, outcome: "error: token expired")) {
            _ = try await FHIRClient.connect(
                to: server.baseURL, timeout: BusyMachine.requestTimeout, credentials: .bearer(token: "wrong"))
        }
        let message = ClientError.refused(status: 401, outcome: "error: token expired").description
        #expect(
            message
                == "the server wants credentials (401): error: token expired; a server profile can hold a token ('servers')"
        )
        #expect(ClientError.refused(status: 403, outcome: nil).description.contains("lack the permission"))
    }

    @Test func theKindOfCredentialsNeverShowsTheSecret() {
        #expect(Credentials.bearer(token: "s3cret").kind == "bearer token")
        #expect(Credentials.basic(user: "alice", password: "pw").kind == "basic (alice)")
    }

    /// One server redirects every read to another host (`localhost` for `127.0.0.1`).
    static func redirecting() throws -> (CannedServer, CannedServer) {
        let target = try CannedServer(answer: { _ in .init(body: #"{"resourceType":"Patient","id":"moved"}"#) })
        let port = target.port
        let origin = try CannedServer { request in
            request.target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata())
                : .init(status: 302, body: "", headers: ["Location: http://localhost:\(port)/fhir/Patient/moved"])
        }
        return (origin, target)
    }

    @Test func aRedirectToAnotherHostIsNotFollowedWithCredentials() async throws {
        let (origin, target) = try Self.redirecting()
        defer {
            origin.close()
            target.close()
        }
        let client = try await FHIRClient.connect(
            to: origin.baseURL, timeout: BusyMachine.requestTimeout, credentials: .bearer(token: "s3cret"))
        await #expect {
            _ = try await client.read("Patient", id: "p1")
        } throws: { error in
            guard case .redirected(_, let location) = error as? ClientError else { return false }
            return location.hasPrefix("http://localhost:")
        }
    }

    @Test func withoutCredentialsARedirectIsFollowed() async throws {
        let (origin, target) = try Self.redirecting()
        defer {
            origin.close()
            target.close()
        }
        let client = try await FHIRClient.connect(to: origin.baseURL, timeout: BusyMachine.requestTimeout)
        #expect(try await client.read("Patient", id: "p1")["id"]?.stringValue == "moved")
    }

    @Test(arguments: [(FHIRVersion.r4, "application/json+fhir"), (.dstu2, "application/fhir+json")])
    func a406TriesTheOtherVersionsMIMEType(version: FHIRVersion, accepted: String) async throws {
        let asked = Mutex<[String]>([])
        let server = try CannedServer { request in
            if request.target == "/fhir/metadata" {
                return .init(body: CannedServer.metadata(fhirVersion: version.number))
            }
            let accept = request.headers["accept"] ?? ""
            asked.withLock { $0.append(accept) }
            return accept == accepted
                ? .init(body: #"{"resourceType":"Patient","id":"p1"}"#) : .init(status: 406, body: "")
        }
        defer { server.close() }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        #expect(try await client.read("Patient", id: "p1")["id"]?.stringValue == "p1")
        #expect(asked.withLock { $0 } == [version.mimeType, accepted])
    }

    @Test func aProfilesVersionStandsInWhenTheMetadataNamesNone() async throws {
        let server = try CannedServer(answer: { _ in
            .init(
                body:
                    #"{"resourceType":"CapabilityStatement","rest":[{"resource":[{"type":"Patient","searchParam":[{"name":"family"}]}]}]}"#
            )
        })
        defer { server.close() }
        await #expect(throws: ClientError.self) {
            _ = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        }
        let client = try await FHIRClient.connect(
            to: server.baseURL, timeout: BusyMachine.requestTimeout, assumedVersion: .r4)
        #expect(client.version == .r4)
        #expect(client.server.searchParameters["Patient"] == ["family"])
    }

    /// A `next` link or an absolute URL to another server gets no credentials, not only a redirect.
    @Test func credentialsStayWithTheServerTheyAreFor() async throws {
        let seen = Mutex<[String]>([])
        let elsewhere = try CannedServer { request in
            seen.withLock { $0.append(request.headers["authorization"] ?? "none") }
            return .init(body: #"{"resourceType":"Bundle","type":"searchset"}"#)
        }
        defer { elsewhere.close() }
        let server = try Self.guarded(by: "Bearer s3cret")
        defer { server.close() }
        let client = try await FHIRClient.connect(
            to: server.baseURL, timeout: BusyMachine.requestTimeout, credentials: .bearer(token: "s3cret"))
        _ = try await client.page(elsewhere.baseURL + "/Patient?page=2")
        _ = try await client.request("GET", elsewhere.baseURL + "/Patient/p1")
        #expect(seen.withLock { $0 } == ["none", "none"])
        #expect(try await client.read("Patient", id: "p1")["id"]?.stringValue == "p1")
    }
}
