import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

@testable import MedbrainREPL

/// `login --backend` against the built-in server with a backend service registered: the REPL
/// signs an assertion with the service's key, logs in without a browser, sends the token, signs
/// a new assertion when the server stops honouring it, and shows neither.
@Suite("SMART backend login in the REPL")
struct BackendLoginTests {
    /// A REPL connected to a SMART server that knows `lab-feed` by its RSA key, and that key's file.
    static func session() async throws -> (Probe, InProcessServer, folder: String, key: String) {
        let registered = try SigningKey(pem: TestKeys.rsa, kid: "feed-1").publicKey
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [
            SMARTClient(
                id: "lab-feed", redirectURIs: [], keys: [registered],
                scopes: SMARTScopes.parse("system/*.rs").scopes)
        ])
        let server = try await InProcessServer.start(configuration)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-backend-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let key = folder + "/lab-feed.pem"
        try Data(TestKeys.rsa.utf8).write(to: URL(fileURLWithPath: key))
        let probe = Probe()
        probe.repl.serversPath = folder + "/servers"
        try await probe.setUp(["connect \(server.baseURL)"])
        return (probe, server, folder, key)
    }

    static func kept(_ folder: String, _ server: InProcessServer) throws -> JSONValue? {
        let data = try #require(FileManager.default.contents(atPath: folder + "/smart-tokens.json"))
        return try JSONParser.parse(Array(data))[server.baseURL]
    }

    @Test func aServiceLogsInWithItsKeyAndReachesEveryPatient() async throws {
        let (probe, server, folder, key) = try await Self.session()
        defer { Task { await server.stop() } }
        try await probe.setUp(["set trace body"])
        let login = await probe.run("login --backend --client lab-feed --key \(key) --kid feed-1")
        #expect(login.errors == "")
        #expect(login.output.contains("logged in with SMART as lab-feed (a backend service); scopes: system/*.rs"))
        let patients = await probe.run("search Patient")
        #expect(patients.errors == "" && patients.output.contains("f001"), "\(patients.output)")
        let whoami = await probe.run("whoami")
        #expect(whoami.output.contains("SMART   lab-feed at \(server.baseURL)"))
        #expect(whoami.output.contains("(renewed before then)"))
        let entry = try #require(try Self.kept(folder, server))
        #expect(entry["key_file"] == .string(key) && entry["refresh_token"] == nil)
        let token = try #require(entry["access_token"]?.stringValue)
        for text in [probe.transcript.output, probe.transcript.errors] {
            #expect(!text.contains(token) && !text.contains("client_assertion="))
        }
        // What it may not do is refused by the server, not hidden by the REPL.
        #expect(await probe.run("post Patient {\"resourceType\":\"Patient\"}").errors.contains("403"))
        await probe.stop()
    }

    /// A token the server no longer honours is replaced by signing a new assertion.
    @Test func a401SignsANewAssertion() async throws {
        let (probe, server, folder, key) = try await Self.session()
        defer { Task { await server.stop() } }
        try await probe.setUp(["login --backend --client lab-feed --key \(key) --kid feed-1"])
        let first = try #require(try Self.kept(folder, server)?["access_token"]?.stringValue)
        server.service.authorization?.revoke(first)
        #expect(await probe.run("read Patient f001").errors == "")
        #expect(try Self.kept(folder, server)?["access_token"]?.stringValue != first)
        await probe.stop()
    }

    @Test(arguments: [
        ("login --backend --key K", "error: login --backend needs --client ID, the id the server registered\n"),
        (
            "login --backend --client lab-feed",
            "error: login --backend needs --key FILE, the service's private key (PEM)\n"
        ),
        (
            "login --backend --client lab-feed --key /nonexistent.pem",
            "error: cannot read the key file /nonexistent.pem\n"
        ),
        ("login --backend --client lab-feed --key K --kid", "error: --kid needs a key id\n"),
        // The key's own thumbprint is not the kid it was registered under.
        (
            "login --backend --client lab-feed --key K",
            "error: the server refused the login: invalid_client: no key of lab-feed has kid 'THUMB'\n"
        ),
        (
            "login --backend --client other --key K --kid feed-1",
            "error: the server refused the login: invalid_client: unknown client 'other' (the assertion's iss)\n"
        ),
        (
            "login --backend --client lab-feed --key K --kid feed-1 --scope system/*.cruds",
            "error: the server refused the login: invalid_scope: outside what lab-feed may be granted: system/*.cruds\n"
        ),
    ])
    func aMistakeSaysWhichRuleItBroke(command: String, error: String) async throws {
        let (probe, server, _, key) = try await Self.session()
        defer { Task { await server.stop() } }
        let thumbprint = try SigningKey(pem: TestKeys.rsa).publicKey.kid
        let result = await probe.run(command.replacingOccurrences(of: " K", with: " \(key)"))
        #expect(result.errors == error.replacingOccurrences(of: "THUMB", with: thumbprint))
        await probe.stop()
    }

    @Test func aFileThatHoldsNoKeySaysSo() async throws {
        let (probe, server, folder, _) = try await Self.session()
        defer { Task { await server.stop() } }
        try Data("not a key".utf8).write(to: URL(fileURLWithPath: folder + "/not-a-key.pem"))
        #expect(
            await probe.run("login --backend --client lab-feed --key \(folder)/not-a-key.pem").errors
                == "error: \(folder)/not-a-key.pem: not a private key in PEM that can be read (PKCS#8 or traditional, not encrypted)\n"
        )
        await probe.stop()
    }
}
