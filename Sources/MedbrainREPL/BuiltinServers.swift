import FHIRClient
import FHIRModel
import Foundation

/// A built-in server that has started: where it answers, and how to stop it.
public struct BuiltinServer: Sendable {
    /// The path every Medbrain server serves its FHIR API under; its web view is at the root.
    public static let basePath = "/fhir"

    public let baseURL: String
    /// Stops accepting connections, lets open requests finish, and returns when it is down.
    public let stop: @Sendable () async -> Void
    /// What its `--load` files gave, a line each (`loaded 12 resources: …`); empty without one.
    public let loadReport: [String]
    /// With SMART: the secret whoever approves a login types on the authorization page.
    public let signInSecret: String?
    /// Whether its store holds `Type/id` now, past any token: how a lesson tells a resource the
    /// server hid from a token (a 404 that keeps another patient's record out of sight) from
    /// one that is not there at all. Nil where the launcher cannot look.
    public let holds: (@Sendable (String) async -> Bool)?
    /// What every request to it carries: a class workspace's key; nil for one on this machine.
    public let credentials: Credentials?

    public init(
        baseURL: String, loadReport: [String] = [], signInSecret: String? = nil, credentials: Credentials? = nil,
        holds: (@Sendable (String) async -> Bool)? = nil, stop: @escaping @Sendable () async -> Void
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.loadReport = loadReport
        self.signInSecret = signInSecret
        self.holds = holds
        self.stop = stop
    }
}

/// How to start one built-in server: its release, its clock fixed at a date (nil: the real
/// clock), its doses varied by a seed word (nil: the dataset as written), files to load, and
/// whether it asks for SMART tokens (`--auth smart`).
public struct BuiltinServerSetup: Sendable {
    public var version: FHIRVersion
    public var now: Date?
    public var seed: String?
    public var load: [String] = []
    public var smart = false
    /// Orders served without the free text that states their sentences (`%withhold instructions`).
    public var withholdsInstructions = false
}

/// Starts a built-in server as `setup` says.
///
/// The program hands one to the REPL, so the REPL does not depend on the server it starts.
public typealias BuiltinServerLauncher = @Sendable (BuiltinServerSetup) async throws -> BuiltinServer

/// Starts a lesson's server somewhere else than this machine (a class server's workspace for
/// the student); nil when it cannot, and the server starts here instead. Never asked for a
/// server with SMART, whose login the lesson does on this machine.
public typealias WorkspaceLauncher = @Sendable (BuiltinServerSetup) async -> BuiltinServer?

/// The built-in FHIR servers a REPL starts on demand, one per version, on loopback.
///
/// A start can begin early (``prepare(_:)``, while the REPL loads its lessons) and be awaited
/// later; callers that ask at the same time share one start instead of racing two servers.
public actor BuiltinServers {
    private var starting: [FHIRVersion: Task<BuiltinServer, any Error>] = [:]
    private var running: [FHIRVersion: BuiltinServer] = [:]
    /// The releases whose server asks for SMART tokens.
    private var secured: Set<FHIRVersion> = []
    private var now: Date?
    /// The student's seed word (`lesson --seed`); nil serves the dataset as written.
    private(set) var seed: String?
    /// Whether the next servers serve the orders without their sentences' free text.
    private var withholdsInstructions = false
    private let launch: BuiltinServerLauncher
    /// Where a lesson's servers start while the student is in a class; nil: here.
    private var workspace: WorkspaceLauncher?

    /// Servers whose clock is fixed at `now` (nil: the real clock), started by `launch`.
    public init(now: Date?, launch: @escaping BuiltinServerLauncher) {
        self.now = now
        self.launch = launch
    }

    /// Starts the server for `version` in the background, if it is not started yet.
    public func prepare(_ version: FHIRVersion) {
        _ = start(version)
    }

    /// The base URL of the built-in server for `version`, started if it is not running.
    func baseURL(_ version: FHIRVersion) async throws -> String {
        try await server(version).baseURL
    }

    /// The built-in server for `version`, started if it is not running; with files to load, or
    /// SMART on or off where it was not, a new one in its place.
    func server(_ version: FHIRVersion, loading load: [String] = [], smart: Bool = false) async throws
        -> BuiltinServer
    {
        let same = load.isEmpty && smart == secured.contains(version)
        if same, let server = running[version] { return server }
        if !same, let old = starting[version] {
            (starting[version], running[version]) = (nil, nil)
            await (try? old.value)?.stop()
        }
        if smart { secured.insert(version) } else { secured.remove(version) }
        let task = start(version, loading: load, smart: smart)
        do {
            let server = try await task.value
            running[version] = server
            return server
        } catch {
            // A failed start is forgotten, so the next `connect` tries again.
            if starting[version] == task { starting[version] = nil }
            throw error
        }
    }

    private func start(_ version: FHIRVersion, loading load: [String] = [], smart: Bool = false)
        -> Task<BuiltinServer, any Error>
    {
        if let task = starting[version] { return task }
        let setup = BuiltinServerSetup(
            version: version, now: now, seed: seed, load: load, smart: smart,
            withholdsInstructions: withholdsInstructions)
        let (launch, workspace) = (launch, smart ? nil : workspace)
        let task = Task {
            if let workspace, let server = await workspace(setup) { return server }
            return try await launch(setup)
        }
        starting[version] = task
        return task
    }

    /// The base URLs of the servers running now.
    var baseURLs: [String] { running.values.map(\.baseURL) }

    /// The sign-in secret of the running server at `baseURL`, if it asks for one.
    func signInSecret(of baseURL: String) -> String? {
        running.values.first { $0.baseURL == baseURL }?.signInSecret
    }

    /// Whether the running server at `baseURL` holds `reference`; nil where it cannot be asked.
    func holds(_ reference: String, on baseURL: String) async -> Bool? {
        guard let holds = running.values.first(where: { $0.baseURL == baseURL })?.holds else { return nil }
        return await holds(reference)
    }

    /// The sign-in secrets of the servers running now.
    var signInSecrets: [String] { running.values.compactMap(\.signInSecret) }

    /// Stops every server; the next ones run with `now` as their clock and `seed`'s data, the
    /// orders' free text left out when `withholdsInstructions`, started by `workspace` where it can.
    func restart(now: Date?, seed: String?, withholdsInstructions: Bool = false, workspace: WorkspaceLauncher? = nil)
        async
    {
        await stopAll()
        (self.now, self.seed, self.withholdsInstructions) = (now, seed, withholdsInstructions)
        self.workspace = workspace
    }

    func stopAll() async {
        let tasks = starting
        starting = [:]
        running = [:]
        secured = []
        for task in tasks.values { await (try? task.value)?.stop() }
    }
}
