import FHIRModel
import FHIRServer
import Foundation
import MedbrainWeb

/// The built-in FHIR servers a REPL starts on demand, one per version, on loopback.
///
/// A start can begin early (``prepare(_:)``, while the REPL loads its lessons) and be awaited
/// later; callers that ask at the same time share one start instead of racing two servers.
public actor BuiltinServers {
    private var starting: [FHIRVersion: Task<InProcessServer, any Error>] = [:]
    private var running: [FHIRVersion: InProcessServer] = [:]
    private var now: Date?

    /// Servers whose clock is fixed at `now` (nil: the real clock).
    public init(now: Date?) { self.now = now }

    /// Starts the server for `version` in the background, if it is not started yet.
    public func prepare(_ version: FHIRVersion) {
        _ = start(version)
    }

    /// The base URL of the built-in server for `version`, started if it is not running.
    func baseURL(_ version: FHIRVersion) async throws -> String {
        if let server = running[version] { return server.baseURL }
        let task = start(version)
        do {
            let server = try await task.value
            running[version] = server
            return server.baseURL
        } catch {
            // A failed start is forgotten, so the next `connect` tries again.
            if starting[version] == task { starting[version] = nil }
            throw error
        }
    }

    private func start(_ version: FHIRVersion) -> Task<InProcessServer, any Error> {
        if let task = starting[version] { return task }
        let configuration = ServerConfiguration(version: version, now: now)
        // The classroom's web view comes with every built-in server, at the root of its address.
        let pages = WebView().pages
        let task = Task { try await InProcessServer.start(configuration, pages: pages) }
        starting[version] = task
        return task
    }

    /// The base URLs of the servers running now.
    var baseURLs: [String] { running.values.map(\.baseURL) }

    /// Stops every server; the next ones run with `now` as their clock.
    func restart(now: Date?) async {
        await stopAll()
        self.now = now
    }

    func stopAll() async {
        let tasks = starting
        starting = [:]
        running = [:]
        for task in tasks.values { try? await task.value.stop() }
    }
}
