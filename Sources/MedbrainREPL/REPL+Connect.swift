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
                "resourceTypes": .array(info.resourceTypes.map { .string($0) }),
            ],
            lines: [
                "connected to \(info.baseURL)",
                "  \(info.software ?? "unnamed software"), FHIR \(info.fhirVersion) (\(info.version.displayName))",
            ]
                + TextTable.wrap(
                    "\(info.resourceTypes.count) resource types, among them \(Self.highlights(info.resourceTypes))",
                    width: max(20, console.width - 2)
                ).map { "  " + $0 })
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
