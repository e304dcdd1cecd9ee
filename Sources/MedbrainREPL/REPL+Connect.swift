import FHIRClient
import FHIRModel

/// Step 1: connect (tutorial §11.4.1), and the session commands.
extension REPL {
    func connect(_ arguments: [String]) async throws {
        let target = try await connectTarget(arguments)
        let client: FHIRClient
        do {
            client = try await FHIRClient.connect(
                to: target.url, timeout: settings.current.timeout,
                observer: { [settings, console, requests] exchange in
                    requests.add(exchange)
                    Self.report(exchange, settings: settings.current, console: console)
                }, cancellation: cancellation, credentials: target.credentials, assumedVersion: target.assumedVersion)
        } catch {
            // As psql keeps its connection when \c fails: say which server later commands still use.
            guard let previous = session.client else { throw error }
            throw REPLError("\(error); still connected to \(previous.server.baseURL)")
        }
        session = Session(client: client)
        let info = client.server
        show(
            [
                "baseURL": .string(info.baseURL), "software": Self.json(info.software),
                "fhirVersion": .string(info.fhirVersion), "version": .string(info.version.rawValue),
                "release": .string(info.release.displayName),
                "tutorial": .bool(info.release.tutorialVersion != nil),
                "resourceTypes": .array(info.resourceTypes.map { .string($0) }),
            ],
            lines: ["connected to \(info.baseURL)"]
                + (["\(info.software ?? "unnamed software"), \(Self.release(of: info))"]
                + ["\(info.resourceTypes.count) resource types, among them \(Self.highlights(info.resourceTypes))"]
                + [Self.tutorialNote(info.release)].compactMap { $0 })
                .flatMap { TextTable.wrap($0, width: max(20, console.width - 2)).map { "  " + $0 } })
    }

    /// `FHIR 4.0.1 (R4)`; a release Medbrain does not know says how it is read.
    static func release(of info: ServerInfo) -> String {
        guard info.release.isKnown else {
            return "FHIR \(info.fhirVersion), a release Medbrain does not know: read as \(info.version.displayName)"
        }
        return "FHIR \(info.fhirVersion) (\(info.release.displayName))"
    }

    /// Said at connect where the tutorial's steps do not run, so no one meets it as an error first.
    static func tutorialNote(_ release: FHIRRelease) -> String? {
        guard release.tutorialVersion == nil else { return nil }
        return "The tutorial's steps (orders and those after) run on DSTU2, STU3, R4, R4B and R5; "
            + "search, read, get, post, fhirpath and the other commands work on any FHIR server."
    }

    /// The client, if the tutorial's steps run on its server: they read orders and
    /// administrations in the shapes of DSTU2, STU3, R4 and R5 (and R4B, which keeps R4's).
    func tutorialClient() throws -> FHIRClient {
        let client = try connected()
        guard client.server.release.tutorialVersion != nil else {
            throw REPLError(
                "the tutorial's steps run on DSTU2, STU3, R4, R4B and R5 servers, not yet on \(client.server.release.displayName); "
                    + "search, read, get, post and fhirpath work here")
        }
        return client
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
        let name = arguments.count > 1 ? arguments[1] : "dstu2"
        guard let version = FHIRVersion(rawValue: name.lowercased()), arguments.count <= 2 else { throw usage }
        return ConnectTarget(url: try await servers.baseURL(version))
    }

    func disconnect(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        session = Session()
        say("disconnected")
    }

    func trace(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw UsageError() }
        try set(["trace", arguments[0]])
    }

    /// Prints an exchange as it happens; on standard error in json, so standard output stays JSON.
    static func report(_ exchange: HTTPExchange, settings: Settings, console: Console) {
        guard settings.trace != .off else { return }
        let write = settings.format == .json ? console.error : console.output
        write("> " + exchange.summary + "\n")
        guard settings.trace == .body else { return }
        if let body = exchange.requestBody { write(">> " + body + "\n") }
        if let body = exchange.responseBody { write("<< " + body + "\n") }
    }

    /// The tutorial's resource types the server has.
    static func highlights(_ types: [String]) -> String {
        let tutorial = ["Patient", "MedicationOrder", "MedicationRequest", "MedicationAdministration", "Medication"]
        return types.filter(tutorial.contains).joined(separator: ", ")
    }

    /// The client, or an error telling the student what to do first.
    func connected() throws -> FHIRClient {
        guard let client = session.client else { throw REPLError("not connected; 'connect' first") }
        return client
    }
}
