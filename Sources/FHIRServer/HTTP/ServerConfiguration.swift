import FHIRModel
import Foundation
import MedbrainDataset

/// How to run the built-in server: `medbrain serve`'s options, also used in-process.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port.
    public var port: Int
    public var version: FHIRVersion
    /// A fixed time for `meta.lastUpdated`; nil for the wall clock.
    public var now: Date?
    /// A data file that keeps every write; nil keeps data in memory only.
    public var dataPath: String?
    public var maximumBodySize: Int
    /// A student's own doses (`lesson --seed`); nil serves the dataset as written.
    public var seed: DatasetSeed?
    /// Serves the orders without the free text that states their sentences (a dosage's
    /// `text`, a Timing's `code`): for a lesson whose student reads the Timings themselves.
    public var withholdsInstructions = false
    /// Files and folders to load at start (`--load`), beside the built-in data.
    /// Resources stored beside the built-in dataset when the store is first filled (a class's
    /// students' own records).
    public var extraResources: [JSONValue] = []
    public var load: [String] = []
    /// Profiles, extensions, ValueSets and CodeSystems (`--package`): files, folders, FHIR
    /// packages; the resources' `meta.profile` and `POST [type]/$validate` are checked by them.
    public var packages: [String] = []
    /// Definitions added as they are, beside the packages: the tutorial's profiles (Tables
    /// 1–4), which every built-in server knows.
    public var definitions: [JSONValue] = []
    /// Hears how far a load has come: resources checked, of how many.
    public var loadProgress: (@Sendable (Int, Int) -> Void)?
    /// Whether every request needs a SMART token (`--auth smart`), and the apps registered.
    public var authorization: ServerAuthorization = .open
    /// Who approves apps with `--auth smart`: users of a `--users` file, or (nil) the secret the
    /// server makes and prints.
    public var signIn: SignIn?
    /// Whether authorization requests and codes are numbered (`request-1`, `code-2`), for a
    /// lesson whose steps type them; else random, fixed clock or not.
    public var numberedAuthorization = false
    /// Where clients reach the server when that is not the bound address (`--public-url`, a
    /// proxy or a name on the network): its origin is the one the server writes and answers to.
    public var publicURL: URL?
    /// The path the FHIR API is served under: `/fhir`, or a class workspace's own.
    public var basePath = FHIRService.basePath

    public init(
        host: String = "127.0.0.1", port: Int = 0, version: FHIRVersion = .dstu2, now: Date? = nil,
        dataPath: String? = nil, maximumBodySize: Int = 8 << 20, seed: DatasetSeed? = nil
    ) {
        self.seed = seed
        self.host = host
        self.port = port
        self.version = version
        self.now = now
        self.dataPath = dataPath
        self.maximumBodySize = maximumBodySize
    }

    /// Whether the server can be reached only from this machine.
    public var isLoopback: Bool { Self.isLoopback(host) }

    static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1"].contains(host) || host.hasPrefix("127.")
    }

    /// The names the server answers to once bound to `port`.
    func names(port: Int) -> ServerNames { ServerNames(host: host, port: port, publicURL: publicURL) }
}

/// Who may use the built-in server.
public enum ServerAuthorization: Sendable {
    /// Everyone, without a token: the tutorial's server.
    case open
    /// A SMART App Launch server: every request needs a token; `clients` are the apps
    /// registered besides Medbrain's own REPL.
    case smart(clients: [SMARTClient])
}
