import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

@testable import MedbrainREPL

/// A SMART login written request by request, as lesson 13 has the student do it: `pkce`, the
/// authorization page as JSON, the user's form, the redirect shown and not followed, and the
/// code exchanged with `post --form`. The token that comes back is used and never shown.
@Suite("SMART by hand in the REPL")
struct SMARTByHandTests {
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    /// A server with SMART on a fixed clock (its codes numbered), and a REPL connected to it
    /// whose kept tokens go to a folder of its own.
    static func session() async throws -> (Probe, InProcessServer, folder: String) {
        var configuration = ServerConfiguration(version: .r4, now: Probe.datasetNow)
        configuration.authorization = .smart(clients: [])
        configuration.numberedAuthorization = true
        let server = try await InProcessServer.start(configuration)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-byhand-\(UUID())").path
        let probe = Probe()
        probe.repl.serversPath = folder + "/servers"
        try await probe.setUp(["connect \(server.baseURL)"])
        return (probe, server, folder)
    }

    static func origin(_ server: InProcessServer) -> String { String(server.baseURL.dropLast("/fhir".count)) }

    /// The form that approves `request-1` for f001, signed in with the server's secret.
    static func approval(_ server: InProcessServer) -> String {
        "request=request-1&decision=approve&patient=f001&secret=\(server.service.authorization?.signInSecret ?? "")"
    }

    static func authorize(_ server: InProcessServer, leaving: String? = nil) -> String {
        let items = [
            "response_type=code", "client_id=medbrain", "redirect_uri=http://127.0.0.1/callback",
            "scope=launch/patient+patient/*.rs", "state=s1", "code_challenge=\(challenge)",
            "code_challenge_method=S256", "aud=\(server.baseURL)",
        ]
        return "get \(origin(server))/auth/authorize?"
            + items.filter { leaving == nil || !$0.hasPrefix(leaving! + "=") }.joined(separator: "&")
    }

    static func exchange(_ server: InProcessServer, verifier: String = verifier) -> String {
        exchange(origin: origin(server), verifier: verifier)
    }

    static func exchange(origin: String, verifier: String = verifier) -> String {
        "post \(origin)/auth/token --form 'grant_type=authorization_code&code=code-2"
            + "&redirect_uri=http://127.0.0.1/callback&client_id=medbrain&code_verifier=\(verifier)'"
    }

    @Test func theWholeLoginByHand() async throws {
        let (probe, server, folder) = try await Self.session()
        let page = await probe.run(Self.authorize(server))
        #expect(page.errors == "" && page.output.contains("\"request\": \"request-1\""), "\(page)")
        let approved = await probe.run(
            "post \(Self.origin(server))/auth/authorize --form '\(Self.approval(server))'")
        #expect(
            approved.output
                == "302, Location: http://127.0.0.1/callback?code=code-2&state=s1\n(a redirect is shown, not followed)\n"
        )
        // The redirect is the last result: `fhirpath` reads its Location.
        #expect(await probe.run("fhirpath location").output.contains("code=code-2"))
        #expect(await probe.run("set trace body").errors == "")
        let exchanged = await probe.run(Self.exchange(server))
        #expect(exchanged.errors == "", "\(exchanged.errors)")
        #expect(exchanged.output.contains("\"access_token\": \"(hidden: the session keeps it)\""))
        #expect(exchanged.output.contains("logged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)"))
        // The token, as the session keeps it, is nowhere in what was shown, trace body included.
        let data = try #require(FileManager.default.contents(atPath: folder + "/smart-tokens.json"))
        let token = try #require(try JSONParser.parse(Array(data))[server.baseURL]?["access_token"]?.stringValue)
        #expect(!probe.transcript.output.contains(token) && !probe.transcript.errors.contains(token))
        #expect(await probe.run("get Patient/f001").errors == "")
        #expect(await probe.run("get Patient/f002").errors.contains("answered 404"))
        await probe.stop()
        await server.stop()
    }

    /// A token from a token endpoint the connected server does not announce is shown hidden and
    /// not sent to this server: it was made for another.
    @Test func aTokenFromAnotherServerIsNotUsed() async throws {
        let (probe, server, _) = try await Self.session()
        let (_, other, _) = try await Self.session()
        try await probe.setUp([
            Self.authorize(other),
            "post \(Self.origin(other))/auth/authorize --form '\(Self.approval(other))'",
        ])
        let exchanged = await probe.run(Self.exchange(other))
        #expect(
            exchanged.output.contains(
                "the token is not used: \(Self.origin(other))/auth/token is not the token endpoint \(server.baseURL) announces"
            ), "\(exchanged)")
        #expect(await probe.run("get Patient/f001").errors.contains("(401)"))
        await probe.stop()
        await server.stop()
        await other.stop()
    }

    /// Each mistake of the exchange, or of the request, says which rule it broke, in one line;
    /// a request the server sends back to the app is shown as its redirect, not followed.
    @Test func mistakesSayWhichRule() async throws {
        let (probe, server, _) = try await Self.session()
        let unchallenged = await probe.run(Self.authorize(server, leaving: "code_challenge"))
        #expect(unchallenged.output.hasPrefix("302, Location: http://127.0.0.1/callback?error=invalid_request"))
        #expect(unchallenged.output.contains("PKCE%20is%20required"), "\(unchallenged)")
        let unaimed = await probe.run(
            Self.authorize(server).replacingOccurrences(of: "client_id=medbrain", with: "client_id=x"))
        #expect(unaimed.errors.contains("400: invalid_request: unknown client_id 'x'"), "\(unaimed)")
        try await probe.setUp([
            Self.authorize(server),
            "post \(Self.origin(server))/auth/authorize --form '\(Self.approval(server))'",
        ])
        let wrong = await probe.run(
            Self.exchange(server, verifier: Self.challenge))
        #expect(
            wrong.errors
                == "error: \(Self.origin(server))/auth/token refused the form (400): invalid_grant: code_verifier does not match the code_challenge\n"
        )
        #expect(
            await probe.run("post Patient --form").errors
                == "error: --form needs the form after it, quoted: post URL --form 'name=value&…'\n")
        await probe.stop()
        await server.stop()
    }

    /// A login to one of the session's own built-in servers is not kept: its tokens end with
    /// it, and the next built-in server on the same port is another one, which must not be
    /// sent them (nor, open, seem logged in with them).
    @Test func aBuiltinServersLoginIsNeitherKeptNorResumed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-byhand-\(UUID())").path
        let probe = Probe()
        probe.repl.serversPath = folder + "/servers"
        try await probe.setUp(["connect builtin r4 --auth smart"])
        let base = try #require(probe.repl.baseURL)
        let secret = try #require(await probe.repl.builtinSignInSecrets().first)
        probe.repl.placeholders = [("[SECRET]", secret)]
        let origin = String(base.dropLast("/fhir".count))
        try await probe.setUp([
            "get \(origin)/auth/authorize?response_type=code&client_id=medbrain&redirect_uri=http://127.0.0.1/callback"
                + "&scope=launch/patient+patient/*.rs&state=s&code_challenge=\(Self.challenge)"
                + "&code_challenge_method=S256&aud=\(base)",
            "post \(origin)/auth/authorize --form 'request=request-1&decision=approve&patient=f001&secret=[SECRET]'",
            Self.exchange(origin: origin),
        ])
        #expect(probe.repl.state.patientID == "f001")
        let file = SMARTTokenFile(serversPath: folder + "/servers")
        #expect(file.kept(for: base) == nil)
        // A login kept by another session for a server that had this address is not used.
        let login = try #require(
            SMARTLogin(
                ["access_token": "stale", "expires_in": 3600], baseURL: base, clientID: "medbrain",
                tokenURL: origin + "/auth/token", now: Date()))
        try file.keep(login, for: base)
        #expect(file.kept(for: base) != nil)
        let again = await probe.run("connect builtin r4 --auth smart")
        #expect(!again.output.contains("kept") && !again.errors.contains("kept"), "\(again)")
        await probe.stop()
    }

    @Test(arguments: [
        ("pkce dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", ""),
        ("pkce short", nil, "error: not a code_verifier: code_verifier must be 43 to 128 characters long; it is 5\n"),
        (
            "pkce " + String(repeating: "a", count: 129), nil,
            "error: not a code_verifier: code_verifier must be 43 to 128 characters long; it is 129\n"
        ),
        (
            "pkce " + String(repeating: "a", count: 42) + "/", nil,
            "error: not a code_verifier: code_verifier may hold only letters, digits and - . _ ~\n"
        ),
        ("pkce a b", nil, "error: usage: pkce [VERIFIER]\n"),
    ])
    func pkce(line: String, challenge: String?, errors: String) async throws {
        let probe = Probe()
        let answer = await probe.run(line)
        #expect(answer.errors == errors)
        if let challenge { #expect(answer.output.contains("code_challenge        \(challenge)\n")) }
        await probe.stop()
    }

    /// Without a verifier, a new random one each time, and its challenge with it.
    @Test func pkceMakesARandomVerifier() async throws {
        let probe = Probe()
        try await probe.setUp(["set format json"])
        let (first, second) = (try await probe.json("pkce"), try await probe.json("pkce"))
        #expect(first["code_verifier"] != second["code_verifier"])
        let verifier = try #require(first["code_verifier"]?.stringValue)
        let again = try await probe.json("pkce \(verifier)")
        #expect(again["code_challenge"] == first["code_challenge"])
        #expect(verifier.count == 43)
        await probe.stop()
    }
}
