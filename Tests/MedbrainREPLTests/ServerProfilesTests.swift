import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// Named servers from the user's config file: parsed strictly, secrets kept to their owner,
/// and `connect NAME` sending the profile's credentials.
@Suite("Server profiles")
struct ServerProfilesTests {
    /// A profiles file with `text` and `mode`, in a folder of its own.
    static func file(_ text: String, mode: Int = 0o600) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("servers").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    static func probe(servers path: String) -> Probe {
        let probe = Probe()
        probe.repl.serversPath = path
        return probe
    }

    @Test func connectByNameSendsTheProfilesToken() async throws {
        let server = try CannedServer { request in
            guard request.headers["authorization"] == "Bearer from-command" else { return .init(status: 401, body: "") }
            return .init(body: CannedServer.metadata())
        }
        defer { server.close() }
        let path = try Self.file("# test\n[canned]\nurl = \(server.baseURL)\ntoken-command = echo from-command\n")
        let probe = Self.probe(servers: path)
        let connected = await probe.run("connect canned")
        #expect(connected.errors == "")
        #expect(connected.output.hasPrefix("connected to \(server.baseURL)"))
        let listed = await probe.run("servers")
        #expect(listed.output.contains("canned"))
        #expect(listed.output.contains("bearer token (command)"))
        #expect(!listed.output.contains("from-command"))
        await probe.stop()
    }

    @Test func withoutTheTokenThe401SaysSo() async throws {
        let server = try CannedServer(answer: { _ in .init(status: 401, body: "") })
        defer { server.close() }
        let path = try Self.file("[canned]\nurl = \(server.baseURL)\n")
        let probe = Self.probe(servers: path)
        #expect(
            await probe.run("connect canned").errors
                == "error: the server wants credentials (401); a server profile can hold a token ('servers')\n")
        await probe.stop()
    }

    @Test func aFileWithSecretsThatOthersCanReadIsRefused() async throws {
        let path = try Self.file("[hapi]\nurl = https://hapi.example/fhir\ntoken = s3cret\n", mode: 0o644)
        let probe = Self.probe(servers: path)
        let result = await probe.run("connect hapi")
        #expect(
            result.errors
                == "error: \(path): holds secrets but others may read it (mode 644); 'chmod 600 \(path)' first\n")
        #expect(!result.errors.contains("s3cret"))
        await probe.stop()
    }

    @Test(arguments: [
        ("url = http://x\n", "2: 'url = http://x' comes before any [NAME]"),
        ("[a]\nurl\n", "3: expected KEY = VALUE"),
        (
            "[a]\nurl = http://x\nport = 8080\n",
            "4: unknown key 'port'; keys are url, version, token, token-command, user, password"
        ),
        ("[a]\nurl = http://x\nversion = r6\n", "4: version is dstu2, stu3, r4, r4b or r5"),
        ("[a]\nurl = http://x\n[a]\nurl = http://y\n", "4: [a] is named twice"),
        ("[]\n", "2: a section is [NAME]"),
        ("[a b]\nurl = http://x\n", "2: a profile's name is one word, as 'connect NAME' takes it"),
        ("[a]\nurl = http://x\ntoken =\n", " [a] has an empty token"),
        ("[a]\nurl = http://x\ntoken = t\ntoken-command = echo t\n", " [a] has both token and token-command; keep one"),
        ("[a]\nurl = http://x\nuser = alice\n", " [a] has a user but no password"),
    ])
    func mistakesNameTheLine(text: String, problem: String) async throws {
        let path = try Self.file("# servers\n" + text)
        let probe = Self.probe(servers: path)
        #expect(await probe.run("servers").errors == "error: \(path):\(problem)\n")
        await probe.stop()
    }

    @Test func aProfileWithoutURLIsAnError() async throws {
        let path = try Self.file("[a]\nversion = r4\n")
        let probe = Self.probe(servers: path)
        #expect(await probe.run("servers").errors == "error: \(path): [a] has no url\n")
        await probe.stop()
    }

    @Test func anUnknownNameIsNeitherURLNorProfile() async throws {
        let probe = Self.probe(servers: "/nonexistent/servers")
        #expect(
            await probe.run("connect hapi").errors
                == "error: 'hapi' is neither a URL nor a server profile; 'servers' lists the profiles\n")
        #expect(
            await probe.run("servers").output
                == "no server profiles in /nonexistent/servers; a profile is [NAME] and a line url = BASE\n")
        await probe.stop()
    }

    @Test func windowsLineEndingsRead() async throws {
        let path = try Self.file("[a]\r\nurl = http://127.0.0.1:1/fhir\r\n")
        let probe = Self.probe(servers: path)
        #expect(await probe.run("servers").output.contains("http://127.0.0.1:1/fhir"))
        await probe.stop()
    }

    @Test(arguments: [
        ("sleep 5", "error: the token command of 'slow' did not finish within 0.5 s"),
        ("echo nope >&2; exit 3", "error: the token command of 'slow' failed (exit status 3): nope"),
        ("true", "error: the token command of 'slow' printed nothing"),
    ])
    func aTokenCommandThatFailsIsOneLine(command: String, error: String) async throws {
        let path = try Self.file("[slow]\nurl = http://127.0.0.1:1/fhir\ntoken-command = \(command)\n")
        let probe = Self.probe(servers: path)
        try await probe.setUp(["set timeout 0.5"])
        #expect(await probe.run("connect slow").errors == error + "\n")
        await probe.stop()
    }
}
