import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server answers to its own names only: a Host it does not have (a rebound DNS name, a
/// forged header) is refused with 421 before any route reads it, and every URL it writes names
/// the origin from its configuration.
@Suite struct ServerNamesTests {
    /// (bound host, port, public URL, Host sent, origin answered as or nil for 421)
    static let cases: [(String, Int, String?, String?, String?)] = [
        ("127.0.0.1", 8080, nil, "127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("127.0.0.1", 8080, nil, "localhost:8080", "http://127.0.0.1:8080"),
        ("127.0.0.1", 8080, nil, "LocalHost:8080", "http://127.0.0.1:8080"),
        ("127.0.0.1", 8080, nil, "evil.example:8080", nil),
        ("127.0.0.1", 8080, nil, "127.0.0.1.evil.example:8080", nil),
        ("127.0.0.1", 8080, nil, "127.0.0.1:8081", nil),
        ("127.0.0.1", 8080, nil, "127.0.0.1", nil),
        ("127.0.0.1", 8080, nil, "127.0.0.1:", nil),
        ("127.0.0.1", 8080, nil, "127.0.0.1:8080:8080", nil),
        ("127.0.0.1", 8080, nil, ":8080", nil),
        ("127.0.0.1", 8080, nil, "", nil),
        ("127.0.0.1", 8080, nil, nil, nil),
        ("127.0.0.1", 8080, nil, "[::1]:8080", nil),
        ("::1", 8080, nil, "[::1]:8080", "http://[::1]:8080"),
        ("::1", 8080, nil, "localhost:8080", "http://[::1]:8080"),
        ("localhost", 80, nil, "localhost", "http://127.0.0.1:80"),
        ("127.0.0.1", 8080, "https://fhir.example.org", "fhir.example.org", "https://fhir.example.org"),
        ("127.0.0.1", 8080, "https://fhir.example.org", "FHIR.example.org:443", "https://fhir.example.org"),
        ("127.0.0.1", 8080, "https://fhir.example.org", "fhir.example.org:80", nil),
        ("127.0.0.1", 8080, "https://fhir.example.org", "127.0.0.1:8080", "https://fhir.example.org"),
        ("127.0.0.1", 8080, "https://fhir.example.org", "other.example.org", nil),
        ("0.0.0.0", 8080, "http://ward.local:9000", "ward.local:9000", "http://ward.local:9000"),
        ("0.0.0.0", 8080, "http://ward.local:9000", "10.0.0.5:8080", nil),
        ("0.0.0.0", 8080, nil, "10.0.0.5:8080", "http://10.0.0.5:8080"),
        ("0.0.0.0", 8080, nil, "[fe80::1]:8080", "http://[fe80::1]:8080"),
        ("0.0.0.0", 8080, nil, "localhost:8080", "http://127.0.0.1:8080"),
        ("0.0.0.0", 8080, nil, "10.0.0.5:9090", nil),
        ("0.0.0.0", 8080, nil, "10.0.0.256:8080", nil),
        ("0.0.0.0", 8080, nil, "10.0.0.5.6:8080", nil),
        ("0.0.0.0", 8080, nil, "rebound.example:8080", nil),
        ("0.0.0.0", 8080, nil, "[fe80::1]x:8080", nil),
        ("0.0.0.0", 8080, nil, "+1.+2.+3.+4:8080", nil),
        ("0.0.0.0", 8080, nil, "\u{FF11}0.0.0.5:8080", nil),
        ("0.0.0.0", 8080, nil, "[\u{FF41}::1]:8080", nil),
    ]

    @Test(arguments: cases.indices) func hostIsOneOfTheServersNames(_ index: Int) {
        let (bound, port, publicURL, host, expected) = Self.cases[index]
        let names = ServerNames(host: bound, port: port, publicURL: publicURL.flatMap(URL.init(string:)))
        #expect(names.origin(forHost: host) == expected, "bound \(bound):\(port), Host \(host ?? "none")")
    }

    /// Every route, open or SMART, FHIR API, authorization server or page, refuses a foreign Host.
    @Test func everyRouteRefusesAForeignHost() async throws {
        var configuration = ServerConfiguration(version: .r4, now: Date.parseInstant("2016-08-16T10:00:00Z"))
        configuration.authorization = .smart(clients: [])
        let server = try await InProcessServer.start(configuration)
        defer { Task { await server.stop() } }
        let port = try #require(URL(string: server.baseURL)?.port)
        for path in ["/fhir/metadata", "/fhir/.well-known/smart-configuration", "/auth/jwks", "/auth/authorize", "/"] {
            let refused = try await Self.get(path, port: port, host: "rebound.example:\(port)")
            #expect(refused.status == 421, "\(path)")
            #expect(refused.body.contains("does not answer to 'rebound.example"), "\(path)")
        }
        let discovery = try await Self.get(
            "/fhir/.well-known/smart-configuration", port: port, host: "localhost:\(port)")
        #expect(discovery.status == 200)
        #expect(discovery.body.contains("\"issuer\":\"http://127.0.0.1:\(port)/fhir\""))
        #expect(!discovery.body.contains("localhost"))
        await server.stop()
    }

    /// The authorization server's audience and endpoints are the configured origin's, whichever
    /// of the server's names the request came through.
    @Test func theAudienceIsTheConfiguredOrigin() async throws {
        var configuration = ServerConfiguration(version: .r4)
        configuration.authorization = .smart(clients: [])
        let server = try await InProcessServer.start(configuration)
        let port = try #require(URL(string: server.baseURL)?.port)
        let challenge = try PKCE.challenge(for: PKCE.makeVerifier())
        func ask(aud: String) async throws -> (status: Int, body: String) {
            let query =
                "response_type=code&client_id=medbrain&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback"
                + "&scope=launch%2Fpatient+patient%2F*.rs&state=s&code_challenge=\(challenge)&code_challenge_method=S256"
                + "&aud=\(aud.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? aud)"
            let text = try await RawHTTP.exchange(
                port: port,
                "GET /auth/authorize?\(query) HTTP/1.1\r\nHost: localhost:\(port)\r\nAccept: application/json\r\n"
                    + "Connection: close\r\n\r\n")
            return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0, text)
        }
        let asked = try await ask(aud: server.baseURL)
        #expect(asked.status == 200, "\(asked.body.suffix(300))")
        #expect(asked.body.contains("\"url\":\"http://127.0.0.1:\(port)/auth/authorize\""))
        let alias = try await ask(aud: "http://localhost:\(port)/fhir")
        #expect(alias.status == 302 && alias.body.contains("aud%20must%20be"), "\(alias.body.prefix(300))")
        await server.stop()
    }

    /// Links written for a request through an alias name the server's own origin.
    @Test func linksNameTheServersOwnOrigin() async throws {
        let server = try await InProcessServer.start(ServerConfiguration(version: .r4))
        let port = try #require(URL(string: server.baseURL)?.port)
        let answer = try await Self.get("/fhir/Patient?_count=1", port: port, host: "localhost:\(port)")
        #expect(answer.status == 200)
        #expect(answer.body.contains("http://127.0.0.1:\(port)/fhir/Patient?"))
        #expect(!answer.body.contains("localhost"))
        await server.stop()
    }

    /// A request written byte by byte, so that its Host is exactly the one given.
    static func get(_ path: String, port: Int, host: String) async throws -> (status: Int, body: String) {
        let text = try await RawHTTP.exchange(
            port: port, "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, text)
    }
}
