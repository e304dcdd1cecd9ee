import FHIRModel
import FHIRServer
import Foundation
import MedbrainREPL
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `web`: where the class opens the built-in server's web view.
@Suite struct WebCommandTests {
    /// The REPL knows where a Medbrain server's API sits without linking the server: the two
    /// must agree, or `web` would give a wrong address.
    @Test func theREPLsBasePathIsTheServers() {
        #expect(BuiltinServer.basePath == FHIRService.basePath)
    }

    @Test func givesTheAddressOfTheBuiltinServersView() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let (output, errors) = await probe.run("web")
        #expect(errors == "")
        let address = try #require(output.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(output.hasPrefix("web view: http://127.0.0.1:"))
        let (data, response) = try await URLSession.shared.data(from: URL(string: address)!)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(String(decoding: data, as: UTF8.self).contains("Dipl.-Ing. Herbert Hannes Mustermann"))
        await probe.stop()
    }

    /// A class's shared `medbrain serve` is a Medbrain server too: its view is at its root.
    @Test func aSharedMedbrainServerHasItsViewAtItsRoot() async throws {
        let server = try await InProcessServer.start(ServerConfiguration(version: .r4))
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)"])
        let (output, errors) = await probe.run("web")
        #expect(errors == "")
        #expect(output.hasPrefix("web view: \(server.baseURL.dropLast(5))/\n"))
        await probe.stop()
        await server.stop()
    }

    @Test func anotherServerHasNoView() async throws {
        let server = try CannedServer { (_: String) in .init(body: CannedServer.metadata()) }
        defer { server.close() }
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)"])
        let (output, errors) = await probe.run("web")
        #expect(output == "")
        #expect(errors == "error: Canned has no Medbrain web view; 'connect builtin' for the built-in one\n")
        #expect(await probe.run("web now").errors == "error: usage: web\n")
        await probe.stop()
    }

    @Test func needsAConnection() async {
        let probe = Probe()
        #expect(await probe.run("web").errors == "error: not connected; 'connect' first\n")
    }
}
