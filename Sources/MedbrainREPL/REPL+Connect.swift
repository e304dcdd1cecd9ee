import FHIRClient
import FHIRModel

/// Step 1: connect (tutorial §11.4.1), and the session commands.
extension REPL {
    func connect(_ arguments: [String]) async throws {
        let target = arguments.first ?? "builtin"
        let url: String
        if target == "builtin" {
            let name = arguments.count > 1 ? arguments[1] : "dstu2"
            guard let version = FHIRVersion(rawValue: name.lowercased()), arguments.count <= 2 else {
                throw REPLError("usage: \(CommandCatalog.entry("connect")!.usage)")
            }
            url = try await servers.baseURL(version)
        } else {
            guard arguments.count == 1 else { throw REPLError("usage: \(CommandCatalog.entry("connect")!.usage)") }
            url = target
        }
        let console = self.console
        let trace = session.settings.trace
        let client = try await FHIRClient.connect(
            to: url,
            observer: { exchange in
                Self.report(exchange, trace: trace, console: console)
            })
        session = Session(client: client, settings: session.settings)
        let info = client.server
        console.line("connected to \(info.baseURL)")
        console.line("  \(info.software ?? "unnamed software"), FHIR \(info.fhirVersion) (\(info.version.displayName))")
        console.line("  \(info.resourceTypes.count) resource types, among them \(Self.highlights(info.resourceTypes))")
    }

    func disconnect() {
        session = Session(settings: session.settings)
        console.line("disconnected")
    }

    func trace(_ arguments: [String]) throws {
        guard arguments.count == 1, let mode = Session.TraceMode(rawValue: arguments[0]) else {
            throw REPLError("usage: \(CommandCatalog.entry("trace")!.usage)")
        }
        session.settings.trace = mode
        console.line("trace \(mode.rawValue)" + (session.client == nil ? "" : " (from the next connect)"))
    }

    static func report(_ exchange: HTTPExchange, trace: Session.TraceMode, console: Console) {
        guard trace != .off else { return }
        console.line("> " + exchange.summary)
        guard trace == .body else { return }
        if let body = exchange.requestBody { console.line(">> " + body) }
        if let body = exchange.responseBody { console.line("<< " + body) }
    }

    /// The tutorial's resource types first, then a count of the rest.
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
