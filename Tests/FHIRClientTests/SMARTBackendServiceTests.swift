import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

/// FHIRClient's SMART Backend Services login against the built-in server, with no REPL: the
/// client signs an assertion with the service's key, trades it for a token, and signs a new one
/// to renew.
@Suite("SMART backend services by the client")
struct SMARTBackendServiceTests {
    /// A server that knows `lab-feed` by its RSA key (kid `feed-1`), a client of it, and the key's file.
    static func withService(_ body: (InProcessServer, FHIRClient, SMARTLogin.BackendKey) async throws -> Void)
        async throws
    {
        let registered = try SigningKey(pem: TestKeys.rsa, kid: "feed-1").publicKey
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [
            SMARTClient(
                id: "lab-feed", redirectURIs: [], keys: [registered], scopes: SMARTScopes.parse("system/*.rs").scopes)
        ])
        let server = try await InProcessServer.start(configuration)
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-backend-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(TestKeys.rsa.utf8).write(to: URL(fileURLWithPath: folder + "/lab-feed.pem"))
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        try await body(server, client, SMARTLogin.BackendKey(file: folder + "/lab-feed.pem", kid: "feed-1"))
    }

    @Test func aServiceLogsInWithItsKeyAndRenewsBySigningAgain() async throws {
        try await Self.withService { server, client, key in
            let login = try await SMARTBackendService.login(on: client, clientID: "lab-feed", key: key, now: Date())
            #expect(login.scope == "system/*.rs" && login.backendKey == key && login.refreshToken == nil)
            #expect(login.renewable && login.patient == nil)
            let everyone = try await client.with(login).search("Patient", [])
            #expect(everyone.entry.count > 1)
            server.service.authorization?.revoke(login.accessToken)
            let renewed = try #require(await login.renewed(on: client, now: Date()))
            #expect(renewed.accessToken != login.accessToken && renewed.backendKey == key)
            #expect(try await client.with(renewed).read("Patient", id: "f001")["id"] == "f001")
            // Introspection proves the client with a new assertion, as the token endpoint does.
            #expect(await renewed.introspection(on: client)?["active"] == true)
        }
    }

    @Test(arguments: [
        ("other", "feed-1", "system/*.rs", "invalid_client: unknown client 'other' (the assertion's iss)"),
        ("lab-feed", "feed-2", "system/*.rs", "invalid_client: no key of lab-feed has kid 'feed-2'"),
        ("lab-feed", "feed-1", "system/*.cruds", "invalid_scope: outside what lab-feed may be granted: system/*.cruds"),
    ])
    func theServerSaysWhichRuleALoginBroke(clientID: String, kid: String, scope: String, why: String) async throws {
        try await Self.withService { _, client, key in
            await #expect(throws: SMARTLoginError.refused(why)) {
                _ = try await SMARTBackendService.login(
                    on: client, clientID: clientID, key: .init(file: key.file, kid: kid), scope: scope, now: Date())
            }
        }
    }

    @Test func aKeyThatCannotSignSaysWhy() async throws {
        try await Self.withService { _, client, key in
            let missing = key.file + ".missing"
            await #expect(throws: SMARTLoginError.unreadableKey(file: missing)) {
                _ = try await SMARTBackendService.login(
                    on: client, clientID: "lab-feed", key: .init(file: missing, kid: nil), now: Date())
            }
            try Data("not a key".utf8).write(to: URL(fileURLWithPath: missing))
            let error = await #expect(throws: SMARTLoginError.self) {
                _ = try await SMARTBackendService.login(
                    on: client, clientID: "lab-feed", key: .init(file: missing, kid: nil), now: Date())
            }
            guard case .badKey(missing, let reason)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(reason.hasPrefix("not a private key in PEM"))
        }
    }
}
