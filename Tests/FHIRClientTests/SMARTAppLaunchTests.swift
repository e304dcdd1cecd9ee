import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// FHIRClient's SMART App Launch against the built-in server started with SMART, with no REPL:
/// a "browser" plays the user (approves, declines, or forges the answer), and the client checks
/// the answer, exchanges the code, checks the id_token and renews the token.
@Suite("SMART App Launch by the client")
struct SMARTAppLaunchTests {
    /// A SMART server, a client of it, and the user who will answer in the browser.
    static func withLaunch(
        scope: String = SMARTAppLaunch.defaultScope, as user: BrowserUser,
        _ body: (InProcessServer, FHIRClient, Result<SMARTLogin, any Error>) async throws -> Void
    ) async throws {
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [])
        let server = try await InProcessServer.start(configuration)
        defer { Task { await server.stop() } }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        let secret = server.service.authorization?.signInSecret ?? ""
        let launch = try await SMARTAppLaunch.begin(on: client, clientID: "medbrain", scope: scope)
        let url = launch.authorizationURL
        Task { await user.browse(url, secret: secret) }
        let result: Result<SMARTLogin, any Error>
        do { result = .success(try await launch.finish(now: Date(), wait: 30)) } catch { result = .failure(error) }
        try await body(server, client, result)
    }

    @Test func anApprovedLaunchLogsInAsThePatient() async throws {
        try await Self.withLaunch(as: .approve("f002")) { server, client, result in
            let login = try result.get()
            #expect(login.patient == "f002")
            #expect(login.fhirUser == server.baseURL + "/Patient/f002")
            #expect(login.scope == SMARTAppLaunch.defaultScope)
            #expect(login.renewable && login.backendKey == nil && login.tokenURL.hasSuffix("/auth/token"))
            #expect(!login.description.contains(login.accessToken))
            let authorized = client.with(login)
            #expect(try await authorized.read("Patient", id: "f002")["id"] == "f002")
            // The patient's token reaches the patient's own record only; the client alone gets a 401.
            await #expect(throws: ClientError.self) { try await authorized.read("Patient", id: "f001") }
            let anonymous = await #expect(throws: ClientError.self) { try await client.read("Patient", id: "f002") }
            guard case .refused(401, _)? = anonymous else {
                Issue.record("\(String(describing: anonymous))")
                return
            }
        }
    }

    @Test(arguments: [
        (BrowserUser.decline, SMARTLoginError.refused("access_denied: the user declined")),
        (.forgeState, .forgedState),
        (.dropNonce, .badIDToken("the id_token's nonce is not the one this login sent")),
    ])
    func aLaunchTheUserOrAnAttackerSpoilsIsRefused(user: BrowserUser, error: SMARTLoginError) async throws {
        try await Self.withLaunch(as: user) { _, _, result in
            #expect(throws: error) { try result.get() }
        }
    }

    @Test func aScopeTheAppMayNotHaveIsRefusedByTheServer() async throws {
        try await Self.withLaunch(scope: "launch/patient system/*.rs", as: .approve("f001")) { _, _, result in
            #expect(throws: SMARTLoginError.refused("invalid_scope: medbrain may not be granted system/*.rs")) {
                try result.get()
            }
        }
    }

    /// A revoked access token is renewed with the refresh token; a revoked refresh token is not.
    @Test func aLoginRenewsWithItsRefreshToken() async throws {
        try await Self.withLaunch(as: .approve("f001")) { server, client, result in
            let login = try result.get()
            server.service.authorization?.revoke(login.accessToken)
            await #expect(throws: ClientError.self) { try await client.with(login).read("Patient", id: "f001") }
            let renewed = try #require(await login.renewed(on: client, now: Date()))
            #expect(renewed.accessToken != login.accessToken && renewed.patient == "f001")
            #expect(renewed.fhirUser == login.fhirUser)
            #expect(try await client.with(renewed).read("Patient", id: "f001")["id"] == "f001")
            let introspected = try #require(await renewed.introspection(on: client))
            #expect(introspected["active"] == true && introspected["patient"] == "f001")
            for token in [renewed.accessToken, renewed.refreshToken].compactMap({ $0 }) {
                server.service.authorization?.revoke(token)
            }
            #expect(await renewed.renewed(on: client, now: Date()) == nil)
            #expect(await renewed.introspection(on: client)?["active"] == false)
        }
    }

    /// Waiting for the browser ends when the work is cancelled, as Ctrl-C ends a request.
    @Test func cancellingEndsTheWaitForTheBrowser() async throws {
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [])
        let server = try await InProcessServer.start(configuration)
        defer { Task { await server.stop() } }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        let cancellation = RequestCancellation()
        let launch = try await SMARTAppLaunch.begin(on: client, clientID: "medbrain")
        Task {
            try await Task.sleep(for: .milliseconds(200))
            cancellation.cancel()
        }
        await #expect(throws: SMARTLoginError.cancelled) {
            _ = try await launch.finish(cancellation: cancellation, now: Date(), wait: 30)
        }
        let unanswered = try await SMARTAppLaunch.begin(on: client, clientID: "medbrain")
        await #expect(throws: SMARTLoginError.noAnswer(seconds: 0)) {
            _ = try await unanswered.finish(now: Date(), wait: 0.2)
        }
    }

    @Test func aServerWithoutSMARTHasNoLaunch() async throws {
        let server = try await InProcessServer.start(ServerConfiguration(version: .r4))
        defer { Task { await server.stop() } }
        let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
        await #expect(throws: SMARTLoginError.noEndpoints(baseURL: server.baseURL)) {
            _ = try await SMARTAppLaunch.begin(on: client, clientID: "medbrain")
        }
    }
}
