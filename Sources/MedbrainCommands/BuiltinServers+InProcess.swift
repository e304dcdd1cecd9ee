import FHIRModel
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
        var configuration = ServerConfiguration.lessonServer(
            setup.version, now: setup.now, seed: setup.seed, load: setup.load,
            withholdsInstructions: setup.withholdsInstructions)
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

extension ServerConfiguration {
    /// A lesson's built-in server, as the REPL starts one on the student's machine and a class
    /// server makes a student's workspace: its release and clock, the student's seed (nil: the
    /// dataset as written), the files to load, the orders' sentences withheld or not, and the
    /// tutorial's Tables 1–4 as profiles (`$validate?profile=…tutorial-medication-order`).
    static func lessonServer(
        _ version: FHIRVersion, now: Date?, seed: String?, load: [String], withholdsInstructions: Bool
    ) -> ServerConfiguration {
        var configuration = ServerConfiguration(version: version, now: now, seed: seed.flatMap(DatasetSeed.init))
        configuration.load = load
        configuration.withholdsInstructions = withholdsInstructions
        configuration.definitions = TutorialProfiles.definitions(of: version)
        return configuration
    }
}
