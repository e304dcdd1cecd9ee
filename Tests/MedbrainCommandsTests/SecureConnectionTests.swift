import Foundation
import TestSupport
import Testing

/// `connect https://…` through libcurl, against a TLS server on loopback with a certificate
/// made for the test: a certificate nobody vouches for is refused, one for another name is
/// refused, and the same server is reached once its certificate is trusted (`SSL_CERT_FILE`).
/// Each rule fails here if libcurl's verification were turned off.
@Suite("secure connections")
struct SecureConnectionTests {
    /// A self-signed certificate for `names`, and a Python HTTPS server on loopback that
    /// answers every GET with a CapabilityStatement.
    final class TLSServer {
        let folder: URL
        let process = Process()
        let port: Int

        init(names: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-tls-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.exec(
                "/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                "/CN=medbrain-test", "-addext", "subjectAltName=\(names)", "-keyout", folder.path + "/key.pem", "-out",
                folder.path + "/cert.pem")
            let script = """
                import http.server, ssl, sys
                class H(http.server.BaseHTTPRequestHandler):
                    def do_GET(self):
                        body = b'{"resourceType":"CapabilityStatement","fhirVersion":"4.0.1","software":{"name":"tls-test"}}'
                        self.send_response(200)
                        self.send_header("Content-Type", "application/fhir+json")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    def log_message(self, *args): pass
                server = http.server.HTTPServer(("127.0.0.1", 0), H)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(sys.argv[1] + "/cert.pem", sys.argv[1] + "/key.pem")
                server.socket = context.wrap_socket(server.socket, server_side=True)
                print(server.server_address[1], flush=True)
                server.serve_forever()
                """
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, folder.path]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = String(decoding: output.fileHandleForReading.readLine(), as: UTF8.self)
            guard let port = Int(line) else { throw TLSError("the TLS server did not start: '\(line)'") }
            self.port = port
        }

        var certificate: String { folder.path + "/cert.pem" }

        /// Stops the server for good: SIGKILL, since a SIGTERM the test runner ignores is ignored
        /// by its children too, and such servers were left running after the tests.
        func close() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        static func exec(_ path: String, _ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw TLSError("\(path) failed") }
        }
    }

    struct TLSError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Connects trusting `certificate`, or (nil) the system's certificates alone: an empty
    /// `SSL_CERT_FILE` is none, whatever the environment running the tests names.
    static func connect(_ url: String, trusting certificate: String?) async throws -> Medbrain.Run {
        try await Medbrain.run(
            ["--server", url], input: "", environment: ["SSL_CERT_FILE": certificate ?? "", "SSL_CERT_DIR": ""])
    }

    @Test func aCertificateNobodyVouchesForIsRefused() async throws {
        let server = try TLSServer(names: "IP:127.0.0.1")
        defer { server.close() }
        let url = "https://127.0.0.1:\(server.port)/fhir"
        let run = try await Self.connect(url, trusting: nil)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: secure connection to \(url)/metadata failed: "), "\(run.error)")
        #expect(run.error.contains("self-signed") || run.error.contains("self signed"), "\(run.error)")
    }

    @Test func aTrustedCertificateConnects() async throws {
        let server = try TLSServer(names: "IP:127.0.0.1")
        defer { server.close() }
        let run = try await Self.connect("https://127.0.0.1:\(server.port)/fhir", trusting: server.certificate)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("tls-test"), "\(run.output)")
    }

    /// A server that takes the connection and never begins the handshake: the request's
    /// timeout ends the wait, said in one line, and the session goes on. The login after it
    /// gets a minute: with both cores busy, the built-in server's first search can take more
    /// than the one second meant for the silent server (CI failed so at stop 39).
    @Test func aSilentSecureServerTimesOut() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = "https://127.0.0.1:\(listener.port)/fhir"
        let run = try await Medbrain.run([], input: "set timeout 1\nconnect \(url)\nset timeout 60\nlogin\n")
        #expect(
            run.error == "error: no answer from \(url)/metadata within 1 s; still connected to \(Self.builtin(run))\n")
        #expect(run.output.contains("logged in as"))
    }

    /// The built-in server's base URL, as the session's first lines print it.
    static func builtin(_ run: Medbrain.Run) -> String {
        run.output.split(separator: "\n").first.map { String($0.dropFirst("connected to ".count)) } ?? ""
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let server = try TLSServer(names: "DNS:elsewhere.example")
        defer { server.close() }
        let url = "https://127.0.0.1:\(server.port)/fhir"
        let run = try await Self.connect(url, trusting: server.certificate)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: secure connection to \(url)/metadata failed: "), "\(run.error)")
        #expect(run.error.contains("127.0.0.1"), "the refusal names the host it expected: \(run.error)")
    }
}

extension FileHandle {
    /// The bytes up to the next line break (without it), read one at a time.
    func readLine() -> [UInt8] {
        var line: [UInt8] = []
        while let byte = try? read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return line
    }
}
