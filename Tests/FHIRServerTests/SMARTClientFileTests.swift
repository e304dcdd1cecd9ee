import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

/// The `--clients` file: each client as a registration describes it, and each mistake named
/// with the client it is in.
@Suite("SMART clients file")
struct SMARTClientFileTests {
    static func read(_ text: String) throws -> [SMARTClient] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clients-\(UUID()).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            return try SMARTClientFile.read(path)
        } catch let problem as SMARTClientFile.Problem {
            // The path is the test's own; what follows it is the message.
            throw SMARTClientFile.Problem(description: String(problem.description.dropFirst(path.count + 2)))
        }
    }

    @Test func aPublicAConfidentialAndABackendClientAreRead() throws {
        let key = try SigningKey(pem: TestKeys.ec, kid: "feed-2026").publicKey
        let clients = try Self.read(
            """
            [{"client_id": "viewer", "redirect_uris": ["http://127.0.0.1/cb"], "scope": "launch/patient patient/*.rs"},
             {"client_id": "ward", "redirect_uris": ["https://ward.example/cb"], "client_secret": "s", "scope": "user/*.rs"},
             {"client_id": "feed", "jwks": {"keys": [\(key.json.compactText)]}, "scope": "system/*.rs"}]
            """)
        #expect(clients.map(\.id) == ["viewer", "ward", "feed"])
        #expect(clients[0].secret == nil && clients[0].keys.isEmpty)
        #expect(clients[1].secret == "s")
        #expect(clients[2].keys == [key] && clients[2].keys[0].kid == "feed-2026")
        #expect(clients[2].scopes.description == "system/*.rs")
    }

    @Test(arguments: [
        (#"{"client_id": "x"}"#, "the clients file must be a JSON array of clients"),
        (#"[{"scope": "system/*.rs"}]"#, "client 1 has no client_id"),
        (
            #"[{"client_id": "x", "scope": "system/*.everything"}]"#,
            "client 1 (x) names scopes SMART does not define: system/*.everything"
        ),
        (#"[{"client_id": "x", "jwks": [{"kty": "RSA"}]}]"#, "client 1 (x): jwks must be an object with a keys array"),
        (
            #"[{"client_id": "x", "jwks": {"keys": [{"kty": "oct", "k": "AA", "kid": "a"}]}}]"#,
            "client 1 (x): key 1 of jwks must be an RSA or P-384 (EC) public key with a kid"
        ),
        (
            #"[{"client_id": "x", "jwks": {"keys": [{"kty": "RSA", "n": "AQAB", "e": "AQAB"}]}}]"#,
            "client 1 (x): key 1 of jwks must be an RSA or P-384 (EC) public key with a kid"
        ),
    ])
    func aMistakeIsNamedWithItsClient(text: String, problem: String) {
        #expect(throws: SMARTClientFile.Problem(description: problem)) { try Self.read(text) }
    }
}
