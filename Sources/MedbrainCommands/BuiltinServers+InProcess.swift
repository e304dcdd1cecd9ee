import FHIRServer
import Foundation
import MedbrainDataset
import MedbrainREPL
import MedbrainWeb
import MedicationTutorial

extension BuiltinServers {
    /// Starts a built-in server inside this process on a free loopback port, with the
    /// classroom's web view at the root of its address: what `medbrain` hands its REPL.
    public static let launchInProcess: BuiltinServerLauncher = { setup in
        var configuration = ServerConfiguration(
            version: setup.version, now: setup.now, seed: setup.seed.flatMap(DatasetSeed.init))
        configuration.load = setup.load
        configuration.withholdsInstructions = setup.withholdsInstructions
        // The tutorial's Tables 1–4 as profiles: `$validate?profile=…tutorial-medication-order`.
        configuration.definitions = TutorialProfiles.definitions(of: setup.version)
        // With SMART the web view is left out: it would show every patient's data past the tokens.
        if setup.smart { configuration.authorization = .smart(clients: []) }
        // A session with a fixed clock replays a lesson or transcript, whose steps type the numbers.
        configuration.numberedAuthorization = setup.now != nil
        let server = try await InProcessServer.start(configuration, pages: setup.smart ? nil : WebView())
        return BuiltinServer(
            baseURL: server.baseURL, loadReport: server.loadReport?.lines() ?? [],
            signInSecret: server.service.authorization?.signInSecret,
            holds: { [store = server.service.store] reference in
                let parts = reference.split(separator: "/").map(String.init)
                guard parts.count == 2 else { return false }
                return await store.read(parts[0], parts[1]) != nil
            }, stop: { await server.stop() })
    }

    /// Built-in servers started in this process, their clocks fixed at `now` (nil: the real clock).
    public static func inProcess(now: Date?) -> BuiltinServers {
        BuiltinServers(now: now, launch: launchInProcess)
    }
}
