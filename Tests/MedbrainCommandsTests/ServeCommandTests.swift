import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `medbrain serve`: the FHIR API and the web view on one address, and a warning when that
/// address is not loopback.
/// A hang is caught at three minutes: on two busy cores, starting a debug `medbrain serve` took over one.
@Suite(.timeLimit(.minutes(3))) struct ServeCommandTests {
    @Test func theWebViewIsAnnouncedAndAWiderAddressIsWarnedAbout() async throws {
        let process = Process()
        process.executableURL = Medbrain.executable
        process.arguments = ["serve", "--host", "0.0.0.0", "--port", "0", "--fhir-version", "r4"]
        let (stdout, stderr) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (stdout, stderr)
        try process.run()
        defer { process.terminate() }
        let lines = try await offThePool { Self.lines(3, from: stdout.fileHandleForReading) }
        #expect(lines.count == 3)
        let base = try #require(lines.first?.split(separator: " ").last.map(String.init))
        #expect(lines.first?.hasPrefix("Medbrain FHIR server (R4) listening on http://0.0.0.0:") == true)
        let view = base.replacingOccurrences(of: "/fhir", with: "/")
        #expect(lines.dropFirst().first == "web view: \(view)")
        let local = view.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
        let (data, _) = try await URLSession.shared.data(from: URL(string: local)!)
        #expect(String(decoding: data, as: UTF8.self).contains("<h1>Patients</h1>"))
        process.interrupt()
        process.waitUntilExit()
        let warning = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            warning.hasPrefix(
                "warning: listening on 0.0.0.0 makes the server and its web view reachable from other machines\n"))
    }

    /// The first `count` lines written to `handle` (fewer if it closes first).
    static func lines(_ count: Int, from handle: FileHandle) -> [String] {
        var text = ""
        while text.filter({ $0 == "\n" }).count < count {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text.split(separator: "\n").prefix(count).map(String.init)
    }
}
