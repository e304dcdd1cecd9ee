import FHIRModel
import FHIRServer
import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// `login --smart` against the built-in server started with `--auth smart`: the REPL opens
/// the authorization URL, a "browser" here plays the user (approves for a patient, declines, or
/// forges the answer), and the session logs in, sends the token, renews it on a 401, and never
/// shows it.
@Suite("SMART login in the REPL")
struct SMARTLoginTests {
    typealias User = BrowserUser

    /// A REPL connected to a SMART server, its profiles (and tokens) in a folder of their own.
    static func session(_ user: User) async throws -> (Probe, InProcessServer, folder: String) {
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [])
        let server = try await InProcessServer.start(configuration)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-smart-\(UUID())").path
        let probe = Probe()
        probe.repl.serversPath = folder + "/servers"
        let secret = server.service.authorization?.signInSecret ?? ""
        probe.repl.openBrowser = { url in Task { await user.browse(url, secret: secret) } }
        try await probe.setUp(["connect \(server.baseURL)"])
        return (probe, server, folder)
    }

    /// A session that logged in as `patient` and ended, its login kept in `folder`.
    static func keptLogin(_ patient: String) async throws -> (InProcessServer, folder: String) {
        let (probe, server, folder) = try await session(.approve(patient))
        do { try await probe.setUp(["login --smart"]) } catch {
            await server.stop()
            throw error
        }
        await probe.stop()
        return (server, folder)
    }

    /// A new session with the same profiles folder, connected to `server`: what `connect` said.
    static func nextSession(_ folder: String, _ server: InProcessServer) async -> (
        Probe, (output: String, errors: String)
    ) {
        let next = Probe()
        next.repl.serversPath = folder + "/servers"
        return (next, await next.run("connect \(server.baseURL)"))
    }

    /// The tokens file's entry for the server.
    static func kept(_ folder: String, _ server: InProcessServer) throws -> JSONValue? {
        let data = try #require(FileManager.default.contents(atPath: folder + "/smart-tokens.json"))
        return try JSONParser.parse(Array(data))[server.baseURL]
    }

    @Test func approvedTheSessionIsLoggedInAndSendsTheToken() async throws {
        let (probe, server, folder) = try await Self.session(.approve("f002"))
        defer { Task { await server.stop() } }
        try await probe.setUp(["set trace body"])
        let login = await probe.run("login --smart")
        #expect(login.errors == "")
        #expect(login.output.contains("code_challenge_method=S256"))
        #expect(login.output.contains("logged in as"), "\(login.output)")
        #expect(login.output.contains("(Patient/f002)"))
        #expect(login.output.contains("scopes: launch/patient openid fhirUser offline_access patient/*.rs"))
        let orders = await probe.run("search MedicationRequest patient=f002")
        #expect(orders.errors == "")
        let whoami = await probe.run("whoami")
        #expect(whoami.output.contains("SMART   medbrain at \(server.baseURL)"))
        // The id_token's signature was checked with the server's jwks_uri before it was believed.
        #expect(whoami.output.contains("user    \(server.baseURL)/Patient/f002 (the id_token, checked)"))
        // The token is kept for its owner alone, and shown nowhere, traced or not.
        let entry = try #require(try Self.kept(folder, server))
        let token = try #require(entry["access_token"]?.stringValue)
        let refresh = try #require(entry["refresh_token"]?.stringValue)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/smart-tokens.json")[.posixPermissions]
        #expect((mode as? Int) == 0o600)
        for text in [probe.transcript.output, probe.transcript.errors] {
            #expect(!text.contains(token) && !text.contains(refresh))
        }
        await probe.stop()
    }

    @Test func aPlainLoginOnASMARTServerSaysHowToLogIn() async throws {
        let (probe, server, _) = try await Self.session(.decline)
        defer { Task { await server.stop() } }
        #expect(
            await probe.run("login").errors
                == "error: this server wants a SMART login (401): 'login --smart' opens its authorization page\n")
        await probe.stop()
    }

    @Test func aDeclinedLoginSaysSo() async throws {
        let (probe, server, _) = try await Self.session(.decline)
        defer { Task { await server.stop() } }
        #expect(
            await probe.run("login --smart").errors
                == "error: the server refused the login: access_denied: the user declined\n")
        await probe.stop()
    }

    /// An answer whose state is not the one sent may be someone else's code: refused.
    @Test func anAnswerWithAnotherStateIsRefused() async throws {
        let (probe, server, _) = try await Self.session(.forgeState)
        defer { Task { await server.stop() } }
        #expect(
            await probe.run("login --smart").errors
                == "error: the answer's state is not the one sent: refused, it may not come from this login\n")
        await probe.stop()
    }

    /// OpenID Connect: an id_token without the nonce the login sent is not believed.
    @Test func anIDTokenWithoutTheLoginsNonceIsRefused() async throws {
        let (probe, server, _) = try await Self.session(.dropNonce)
        defer { Task { await server.stop() } }
        #expect(
            await probe.run("login --smart").errors
                == "error: the login is refused: the id_token's nonce is not the one this login sent\n")
        await probe.stop()
    }

    @Test func aScopeTheClientMayNotHaveIsRefusedByTheServer() async throws {
        let (probe, server, _) = try await Self.session(.approve("f001"))
        defer { Task { await server.stop() } }
        let result = await probe.run("login --smart --scope 'launch/patient system/*.rs'")
        #expect(
            result.errors
                == "error: the server refused the login: invalid_scope: medbrain may not be granted system/*.rs\n")
        await probe.stop()
    }

    /// A token the server no longer honours (revoked here) is renewed with the refresh token
    /// and the command sent again.
    @Test func a401RenewsTheTokenAndTriesAgain() async throws {
        let (probe, server, folder) = try await Self.session(.approve("f001"))
        defer { Task { await server.stop() } }
        try await probe.setUp(["login --smart"])
        let first = try #require(try Self.kept(folder, server)?["access_token"]?.stringValue)
        server.service.authorization?.revoke(first)
        let read = await probe.run("read Patient f001")
        #expect(read.errors == "")
        let renewed = try #require(try Self.kept(folder, server)?["access_token"]?.stringValue)
        #expect(renewed != first)
        await probe.stop()
    }

    @Test func logoutForgetsTheToken() async throws {
        let (probe, server, folder) = try await Self.session(.approve("f001"))
        defer { Task { await server.stop() } }
        try await probe.setUp(["login --smart"])
        #expect(await probe.run("logout").output.contains("the SMART token is forgotten"))
        #expect(try Self.kept(folder, server) == nil)
        #expect(await probe.run("read Patient f001").errors.contains("401"))
        await probe.stop()
    }

    /// The next session on the same server uses the login kept for it, renewed when the server
    /// no longer honours its access token.
    @Test func theNextSessionUsesTheKeptLogin() async throws {
        let (server, folder) = try await Self.keptLogin("f002")
        defer { Task { await server.stop() } }
        let first = try #require(try Self.kept(folder, server)?["access_token"]?.stringValue)
        server.service.authorization?.revoke(first)
        let (next, connected) = await Self.nextSession(folder, server)
        #expect(connected.errors == "")
        #expect(connected.output.contains("logged in as"), "\(connected.output)")
        #expect(connected.output.contains("(Patient/f002)"))
        #expect(connected.output.contains("logged in with SMART as medbrain, kept from an earlier session"))
        #expect(await next.run("read Patient f002").errors == "")
        #expect(try Self.kept(folder, server)?["access_token"]?.stringValue != first)
        await next.stop()
    }

    /// A kept login the server honours no more, refresh token and all, is forgotten and said so.
    @Test func aKeptLoginThatNoLongerWorksIsForgotten() async throws {
        let (server, folder) = try await Self.keptLogin("f001")
        defer { Task { await server.stop() } }
        let entry = try #require(try Self.kept(folder, server))
        for token in [entry["access_token"], entry["refresh_token"]].compactMap({ $0?.stringValue }) {
            server.service.authorization?.revoke(token)
        }
        let (next, connected) = await Self.nextSession(folder, server)
        #expect(
            connected.output.contains("the SMART login kept for this server no longer works"), "\(connected.output)")
        #expect(try Self.kept(folder, server) == nil)
        await next.stop()
    }

    /// `connect builtin r4 --auth smart`: the built-in server asks for tokens, in this process;
    /// a plain `connect builtin r4` after it is open again.
    @Test func theBuiltinServerWithSMART() async throws {
        let probe = Probe()
        probe.repl.serversPath =
            FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-smart-\(UUID())").path + "/servers"
        #expect(await probe.run("connect builtin r4 --auth smart").errors == "")
        let secret = try #require(await probe.repl.builtinSignInSecrets().first)
        probe.repl.openBrowser = { url in Task { await BrowserUser.approve("f001").browse(url, secret: secret) } }
        #expect(await probe.run("read Patient f001").errors.contains("(401)"))
        let login = await probe.run("login --smart")
        #expect(login.errors == "" && login.output.contains("(Patient/f001)"), "\(login.errors)")
        #expect(await probe.run("read Patient f001").errors == "")
        #expect(await probe.run("connect builtin r4").errors == "")
        #expect(await probe.run("read Patient f002").errors == "")
        #expect(
            await probe.run("connect builtin r4 --auth open").errors
                == "error: --auth takes smart: the built-in server then asks every request for a SMART token\n")
        #expect(probe.repl.completions(for: "connect builtin r4 ") == ["--load", "--auth"])
        #expect(probe.repl.completions(for: "connect builtin r4 --auth ") == ["smart"])
        await probe.stop()
    }
}
