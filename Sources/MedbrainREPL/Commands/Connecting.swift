import FHIRClient
import FHIRModel
import Foundation
import ResultTables

/// Step 1 of the tutorial: connect to a server (§11.4.1) and read its metadata; the server
/// profiles `connect NAME` uses; the web view of a Medbrain server.
extension CommandGroup {
    static var connecting: CommandGroup {
        CommandGroup(
            "1. Connect",
            [
                .builtin(
                    "connect",
                    usage: "connect [URL | NAME | builtin [\(FHIRVersion.choices)] [--load PATH ...] [--auth smart]]",
                    summary: "read a FHIR server's metadata and speak its version", section: "§11.4.1",
                    example: "connect builtin r4", waiting: "Connecting…",
                    complete: { context, words in
                        switch words.count {
                        case 2: ["builtin"] + context.completions.profileNames
                        case 3 where words[1] == "builtin": FHIRVersion.allCases.map(\.rawValue)
                        case 4... where words[1] == "builtin":
                            switch words[words.count - 2] {
                            case "--auth": ["smart"]
                            case "--load": []
                            default: ["--load", "--auth"].filter { $0 == "--load" || !words.contains($0) }
                            }
                        default: []
                        }
                    }, run: { try await Connecting(context: $0).connect($1) }),
                .builtin(
                    "servers", usage: "servers",
                    summary: "the server profiles 'connect NAME' uses (URL, version, credentials)", section: "§11.4.1",
                    example: "servers", run: { try Connecting(context: $0).listServers($1) }),
                .builtin(
                    "disconnect", usage: "disconnect", summary: "forget the server (and the patient)",
                    section: "§11.4.1",
                    example: "disconnect", run: { try Connecting(context: $0).disconnect($1) }),
                .builtin(
                    "web", usage: "web", summary: "the address of a Medbrain server's web view, for the class to watch",
                    example: "web", run: { try await Connecting(context: $0).web($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Connecting {
    let context: CommandContext

    fileprivate func connect(_ arguments: [String]) async throws {
        let target = try await connectTarget(arguments)
        let client: FHIRClient
        do {
            client = try await FHIRClient.connect(
                to: target.url, timeout: context.settings.current.timeout,
                observer: {
                    [settings = context.settings, console = context.console, requests = context.requests] exchange in
                    requests.add(exchange)
                    Self.report(exchange, settings: settings.current, console: console)
                }, cancellation: context.cancellation, credentials: target.credentials,
                assumedVersion: target.assumedVersion)
        } catch {
            // As psql keeps its connection when \c fails: say which server later commands still use.
            guard let previous = context.session.client else { throw error }
            throw REPLError("\(error); still connected to \(previous.server.baseURL)")
        }
        context.session = Session(client: client)
        let info = client.server
        context.show(
            [
                "baseURL": .string(info.baseURL), "software": CommandContext.json(info.software),
                "fhirVersion": .string(info.fhirVersion), "version": .string(info.version.rawValue),
                "release": .string(info.release.displayName),
                "tutorial": .bool(info.release.tutorialVersion != nil),
                "resourceTypes": .array(info.resourceTypes.map { .string($0) }),
            ],
            lines: ["connected to \(info.baseURL)"]
                + (["\(info.software ?? "unnamed software"), \(Self.release(of: info))"]
                + ["\(info.resourceTypes.count) resource types, among them \(Self.highlights(info.resourceTypes))"]
                + [Self.tutorialNote(info.release)].compactMap { $0 } + target.loadReport)
                .flatMap { TextTable.wrap($0, width: max(20, context.console.width - 2)).map { "  " + $0 } })
        // A profile's own credentials win over a kept SMART login.
        if target.credentials == nil { await context.smart.resume(on: client) }
    }

    /// `FHIR 4.0.1 (R4)`; a release Medbrain does not know says how it is read.
    static func release(of info: ServerInfo) -> String {
        guard info.release.isKnown else {
            return "FHIR \(info.fhirVersion), a release Medbrain does not know: read as \(info.version.displayName)"
        }
        return "FHIR \(info.fhirVersion) (\(info.release.displayName))"
    }

    /// Said at connect where the tutorial's steps do not run, so no one meets it as an error first.
    static func tutorialNote(_ release: StatedRelease) -> String? {
        guard release.tutorialVersion == nil else { return nil }
        return "The tutorial's steps (orders and those after) run on \(StatedRelease.listed()); "
            + "search, read, get, post, fhirpath and the other commands work on any FHIR server."
    }

    /// `builtin [VERSION]` starts (or reuses) a built-in server; a URL is a base; any other
    /// word names a server profile.
    private func connectTarget(_ arguments: [String]) async throws -> ConnectTarget {
        let usage = UsageError()
        let target = arguments.first ?? "builtin"
        guard target == "builtin" else {
            guard arguments.count == 1 else { throw usage }
            if target.contains("://") { return ConnectTarget(url: target) }
            guard let profile = try profileTarget(target) else {
                throw REPLError("'\(target)' is neither a URL nor a server profile; 'servers' lists the profiles")
            }
            return profile
        }
        let options = try CommandOptions(
            Array(arguments.dropFirst()),
            [
                "--load": .repeated("a file or folder: a Bundle, NDJSON or a folder of them"),
                "--auth": .value("smart: the built-in server then asks every request for a SMART token"),
            ])
        let load = options.values("--load").map(Self.expandingHome)
        let smart = options.has("--auth")
        if let auth = options.value("--auth"), auth != "smart" {
            throw REPLError("--auth takes smart: the built-in server then asks every request for a SMART token")
        }
        let words = options.operands
        let name = words.first ?? "dstu2"
        guard let version = FHIRVersion(rawValue: name.lowercased()), words.count <= 1 else { throw usage }
        let server = try await context.servers.server(version, loading: load, smart: smart)
        // As `serve` prints it on its console: whoever approves a login on its page types it.
        let secret = server.signInSecret.map { ["approve SMART logins with the sign-in secret \($0)"] } ?? []
        return ConnectTarget(
            url: server.baseURL, credentials: server.credentials,
            loadReport: (load.isEmpty ? [] : server.loadReport) + secret)
    }

    fileprivate func disconnect(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        context.session = Session()
        context.say("disconnected")
    }

    /// Prints an exchange as it happens; on standard error in json, so standard output stays JSON.
    static func report(_ exchange: HTTPExchange, settings: Settings, console: Console) {
        guard settings.trace != .off else { return }
        let write = settings.format == .json ? console.error : console.output
        write("> " + exchange.summary + "\n")
        for field in exchange.requestHeaders { write(">   " + field + "\n") }
        guard settings.trace == .body else { return }
        let exchange = exchange.hidingSecrets
        if let body = exchange.requestBody { write(">> " + body + "\n") }
        if let body = exchange.responseBody { write("<< " + body + "\n") }
    }

    /// The tutorial's resource types the server has.
    static func highlights(_ types: [String]) -> String {
        let tutorial = ["Patient", "MedicationOrder", "MedicationRequest", "MedicationAdministration", "Medication"]
        return types.filter(tutorial.contains).joined(separator: ", ")
    }

    /// Where `connect` goes: the URL, and a profile's credentials and assumed version.
    struct ConnectTarget {
        var url: String
        var credentials: Credentials?
        var assumedVersion: FHIRVersion?
        /// What `--load` loaded and refused, a line each.
        var loadReport: [String] = []
    }

    /// `~/data` as the shell would read it.
    static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return path }
        return home + path.dropFirst()
    }

    fileprivate func listServers(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        let file = try ServerProfiles.load(from: context.serversPath)
        guard !file.profiles.isEmpty else {
            return context.say("no server profiles in \(file.path); a profile is [NAME] and a line url = BASE")
        }
        let rows = file.profiles.map {
            [$0.name, $0.url, $0.version?.displayName ?? "from metadata", $0.authentication]
        }
        context.show(
            .array(
                file.profiles.map {
                    [
                        "name": .string($0.name), "url": .string($0.url),
                        "version": CommandContext.json($0.version?.rawValue),
                        "authentication": .string($0.authentication),
                    ]
                }),
            lines: ["Server profiles in \(file.path):"]
                + TextTable(
                    header: ["name", "url", "version", "authentication"], rows: rows, whole: ["name", "url", "version"]
                ).render(
                    width: context.console.width))
    }

    /// A profile named `name`, resolved to a URL and credentials; nil when there is none.
    func profileTarget(_ name: String) throws -> ConnectTarget? {
        let file = try ServerProfiles.load(from: context.serversPath)
        guard let profile = file.profile(name) else { return nil }
        return ConnectTarget(
            url: profile.url, credentials: try credentials(of: profile), assumedVersion: profile.version)
    }

    private func credentials(of profile: ServerProfiles.Profile) throws -> Credentials? {
        if let token = profile.token { return .bearer(token: token) }
        if let command = profile.tokenCommand {
            return .bearer(
                token: try ServerProfiles.token(
                    running: command, for: profile.name, timeout: context.settings.current.timeout))
        }
        if let user = profile.user { return .basic(user: user, password: profile.password ?? "") }
        return nil
    }

    fileprivate func web(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let server = try context.session.connected().server
        let isMedbrain =
            await context.servers.baseURLs.contains(server.baseURL) || server.software?.hasPrefix("Medbrain ") == true
        // A lesson's workspace on a class server lives below the class's pages, which are the instructor's.
        if isMedbrain, URL(string: server.baseURL)?.path.hasPrefix("/class/workspaces/") == true {
            throw REPLError(
                "this lesson's server is your workspace on the class server: your instructor sees it on the class's page"
            )
        }
        guard isMedbrain, server.baseURL.hasSuffix(BuiltinServer.basePath) else {
            throw REPLError(
                "\(server.software ?? "this server") has no Medbrain web view; 'connect builtin' for the built-in one")
        }
        let address = String(server.baseURL.dropLast(BuiltinServer.basePath.count)) + "/"
        context.show(
            ["url": .string(address)],
            lines: [
                "web view: \(address)",
                "  patients, orders, doses and charts, updated as resources arrive; it only reads",
            ])
    }
}
