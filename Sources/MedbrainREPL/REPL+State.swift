import FHIRClient
import FHIRModel
import FHIRPath
import Foundation
import ResultTables

/// What the session is at, for lessons that check a student's progress by the state it left
/// rather than by the text it printed.
public struct SessionState: Sendable, Equatable {
    public var fhirVersion: FHIRVersion?
    public var patientID: String?
    /// How many orders the last `orders` listed; nil before any listing.
    public var ordersListed: Int?
    /// The order a command without a number means: the one named last.
    public var currentOrder: Int?
    /// The words of the last command that succeeded, and of the last one tried.
    public var lastCommand: [String]
    public var lastAttempt: [String]
    /// Each setting's value as `set` names it.
    public var settings: [String: String]
    /// The administrations this session created: order number, taken, reference.
    public var recorded: [RecordedDose]

    /// A session that has done nothing yet: no server, no patient, no settings named.
    public init(
        fhirVersion: FHIRVersion? = nil, patientID: String? = nil, ordersListed: Int? = nil, currentOrder: Int? = nil,
        lastCommand: [String] = [], lastAttempt: [String] = [], settings: [String: String] = [:],
        recorded: [RecordedDose] = []
    ) {
        (self.fhirVersion, self.patientID, self.ordersListed, self.currentOrder) = (
            fhirVersion, patientID, ordersListed, currentOrder
        )
        (self.lastCommand, self.lastAttempt, self.settings, self.recorded) = (
            lastCommand, lastAttempt, settings, recorded
        )
    }
}

/// An administration `administer` created.
public struct RecordedDose: Sendable, Equatable {
    public let order: Int
    public let taken: Bool
    public let reference: String
}

extension REPL {
    public var state: SessionState {
        let (session, current) = (context.session, context.settings.current)
        return SessionState(
            fhirVersion: session.client?.version, patientID: session.patient?.id,
            ordersListed: session.ordersListed ? session.orders.count : nil, currentOrder: session.currentOrder,
            lastCommand: lastCommand, lastAttempt: lastAttempt,
            settings: [
                "today": current.today.map(Settings.iso) ?? "today", "timezone": current.timeZoneName,
                "lang": current.language, "week": current.weeks.rawValue, "format": current.format.rawValue,
                "colour": current.colour ? "on" : "off", "trace": current.trace.rawValue,
                "timeout": Settings.seconds(current.timeout), "fhirpath-limit": Settings.seconds(current.fhirpathLimit),
            ], recorded: session.recorded)
    }

    /// Reads a resource from the connected server, as a check does to see what is really there.
    /// The request stays out of `trace` and of the session's requests: the student did not send it.
    public func read(_ reference: String) async throws -> JSONValue {
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count == 2 else { throw REPLError("'\(reference)' is not a reference such as Patient/f001") }
        return try await context.session.connected().unobserved().read(parts[0], id: parts[1])
    }

    /// Deletes `reference` (`Type/id`) on the connected server, as the workbook does to clean up
    /// a step's writes; the session's last result, `trace` and requests stay as they were.
    public func remove(_ reference: String) async throws {
        let response = try await context.session.connected().unobserved().request("DELETE", reference, body: nil)
        guard (200..<300).contains(response.status) else { throw REPLError("the server answered \(response.status)") }
    }

    /// Creates `resource` on the connected server, as `lesson check` does to add data that tells
    /// a wrong route from a right one; the session's last result, `trace` and requests stay as
    /// they were. Returns `Type/id` of what the server stored.
    public func place(_ resource: JSONValue) async throws -> String {
        guard let type = resource["resourceType"]?.stringValue else { throw REPLError("no resourceType") }
        let response = try await context.session.connected().unobserved().request("POST", type, body: resource)
        guard (200..<300).contains(response.status),
            let id = response.json?["id"]?.stringValue ?? response.createdID(of: type)
        else { throw REPLError("the server answered \(response.status)") }
        return "\(type)/\(id)"
    }

    /// GETs `path` (relative to the base) from the connected server, as a check does to ask
    /// what the server holds; the session's last result, `trace` and requests stay as they were.
    /// Its errors never name the path: a lesson's check asks for what its goal is, and a message
    /// that printed it would give the goal away.
    public func fetch(_ path: String) async throws(REPLError) -> JSONValue {
        let response: FHIRResponse
        do {
            response = try await context.session.connected().unobserved().request("GET", path, body: nil)
        } catch {
            switch error as? ClientError {
            case .refused(let status, _)?: throw REPLError("the server answered \(status)")
            case .timedOut?: throw REPLError("the server did not answer in time")
            default: throw REPLError("the server could not be reached")
            }
        }
        // A refusal's OperationOutcome is not what was asked for: a check reading it would say
        // "not yet" for good where the resource is gone (410) or out of reach.
        guard (200..<300).contains(response.status) else {
            throw REPLError("the server answered \(response.status)")
        }
        guard let json = response.json else { throw REPLError("the server answered \(response.status) with no body") }
        return json
    }

    /// What the server says of the session's SMART token (RFC 7662 introspection), for a check
    /// that asks what the server issued; nil without a SMART login or an introspection endpoint.
    /// The token itself never leaves the session.
    public func smartTokenIntrospection() async -> JSONValue? {
        guard let login = context.session.smart, let client = context.session.client else { return nil }
        return await login.introspection(on: client)
    }

    /// Joins the class the connected server runs, as the student the session's SMART login signed
    /// in: `POST /class/join` beside the FHIR base, with the token. Nil when there is no SMART
    /// login or the server runs no class (404); the answer's key is the caller's to keep unsaid.
    public func joinClass() async -> Result<JSONValue, REPLError>? {
        // Only a Medbrain server runs a class: another server is not sent a request it never asked for.
        guard context.session.smart != nil, let client = context.session.client,
            client.server.software?.hasPrefix("Medbrain ") == true,
            let base = URL(string: client.server.baseURL), let scheme = base.scheme, let host = base.host
        else { return nil }
        let origin = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (base.port.map { ":\($0)" } ?? "")
        do {
            let answer = try await client.unobserved().request(
                "POST", origin + "/class/join", body: .object(JSONObject()))
            guard var json = answer.json?.objectValue else {
                return .failure(REPLError("the class server's answer was not JSON"))
            }
            json["origin"] = .string(origin)
            return .success(.object(json))
        } catch {
            if case .refused(404, _) = error { return nil }
            return .failure(REPLError("could not join the class: \(error)"))
        }
    }

    /// The connected server's base URL, which the requests a lesson asks for are relative to.
    public var baseURL: String? { context.session.client?.server.baseURL }

    /// The last result's JSON (a search's Bundle, a `read`, a `get`), for checks.
    public var lastResultJSON: JSONValue? { context.session.result?.json }

    /// Whether `expression` is true on `json`, with the session's clock and the server's version.
    public func holds(_ expression: FHIRPathExpression, on json: JSONValue) throws -> Bool {
        try expression.isTrue(on: json, environment: context.fhirPath.environment())
    }

    /// The items of `expression`'s result on `json`, each as one line of text (`12`, `Peter`),
    /// as a question's answer computed from the server's data is compared.
    public func values(of expression: FHIRPathExpression, on json: JSONValue) throws -> [String] {
        try expression.evaluate(on: json, environment: context.fhirPath.environment()).map(\.displayText)
    }

    /// Starts over as a lesson does: fresh built-in servers on the clock `now` holding `seed`'s
    /// doses (nil: the dataset as written), no server or patient, settings at their defaults in
    /// `timeZone` (the timeout at the one the session began with); `workspace` starts the
    /// servers where it can, a class server's workspace for the student.
    public func restart(
        now: Date?, timeZone: String, seed: String? = nil, withholdsInstructions: Bool = false,
        workspace: WorkspaceLauncher? = nil
    ) async throws {
        guard let zone = TimeZone(identifier: timeZone) else { throw REPLError("unknown time zone '\(timeZone)'") }
        await context.servers.restart(
            now: now, seed: seed, withholdsInstructions: withholdsInstructions, workspace: workspace)
        context.fixedNow = now
        context.session = Session()
        placeholders = []
        (context.instructionsWithheld, context.lastSaid, context.lastSaidOwn) = (withholdsInstructions, [], nil)
        context.lastChart = nil
        (lastCommand, lastAttempt) = ([], [])
        try context.settings.update { settings in
            settings = Settings(colour: settings.colour, timeout: context.startingTimeout)
            (settings.timeZone, settings.timeZoneName) = (zone, timeZone)
        }
    }

    /// Whether the orders' sentences are withheld (a lesson asks the student to read Timings).
    public var instructionsWithheld: Bool {
        get { context.instructionsWithheld }
        set { context.instructionsWithheld = newValue }
    }

    /// The sentences `instructions` said last.
    public var lastSaid: [String] { context.lastSaid }

    /// The JSON the student wrote that `instructions` said last, with what its structure says.
    public var lastSaidOwn: OwnInstructions? { context.lastSaidOwn }

    /// The chart `group` drew last.
    public var lastChart: ChartDrawn? { context.lastChart }

    /// Writes a line of output, as the REPL's own commands do.
    public func print(_ line: String) { context.console.line(line) }

    /// Writes rows under a header, as the REPL's own tables are, fitted to the console's width.
    public func printTable(header: [String], rows: [[String]]) {
        let console = context.console
        for line in TextTable(header: header, rows: rows).render(width: console.width) { console.line(line) }
    }

    /// Writes a paragraph wrapped to the console's width, each line indented.
    public func printWrapped(_ paragraph: String, indent: Int) {
        let margin = String(repeating: " ", count: indent)
        let console = context.console
        for line in TextTable.wrap(paragraph, width: max(20, console.width - indent)) { console.line(margin + line) }
    }
}
