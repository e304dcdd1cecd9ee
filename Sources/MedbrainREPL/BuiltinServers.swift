import FHIRModel
import FHIRServer
import Foundation

/// The built-in FHIR servers the REPL starts on demand, one per version, on loopback.
actor BuiltinServers {
    private var running: [FHIRVersion: InProcessServer] = [:]
    private var now: Date?

    init(now: Date?) { self.now = now }

    /// The base URL of the built-in server for `version`, started if it is not running.
    func baseURL(_ version: FHIRVersion) async throws -> String {
        if let server = running[version] { return server.baseURL }
        let server = try await InProcessServer.start(ServerConfiguration(version: version, now: now))
        running[version] = server
        return server.baseURL
    }

    /// The base URLs of the servers running now.
    var baseURLs: [String] { running.values.map(\.baseURL) }

    /// Stops every server; the next ones run with `now` as their clock.
    func restart(now: Date?) async {
        await stopAll()
        self.now = now
    }

    func stopAll() async {
        for server in running.values { await server.stop() }
        running = [:]
    }
}
