import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial
import ResultTables
import SMART

/// Step 2 of the tutorial: log in as a patient found by a search (§11.4–11.6), and check the
/// patient's resources against its requirement tables (§9.3).
extension CommandGroup {
    static var loggingIn: CommandGroup {
        CommandGroup(
            "2. Log in",
            [
                .builtin(
                    "login",
                    usage:
                        "login [ID] [--identifier SYSTEM|VALUE] [--email ADDRESS] | login --smart [--client ID] [--scope SCOPES] | login --backend --client ID --key FILE [--kid KID] [--scope SCOPES]",
                    summary: "find the patient (default: the tutorial's f001), or log in the SMART way",
                    section: "§11.4–11.6",
                    example: "login f001", waiting: "Logging in…",
                    complete: { _, words in
                        let choices =
                            if words.contains("--smart") {
                                ["--client", "--scope"]
                            } else if words.contains("--backend") {
                                ["--client", "--key", "--kid", "--scope"]
                            } else {
                                ["--identifier", "--email", "--smart", "--backend"]
                            }
                        // Each of login's options is given once.
                        return options(choices, after: words).filter { !words.contains($0) }
                    },
                    run: { try await LoggingIn(context: $0).login($1) }),
                .builtin(
                    "pkce", usage: "pkce [VERIFIER]",
                    summary: "a PKCE code_verifier (random, or yours) and its S256 code_challenge",
                    section: "§11.4", example: "pkce", run: { try LoggingIn(context: $0).pkce($1) }),
                .builtin(
                    "logout", usage: "logout", summary: "forget the patient", section: "§11.6", example: "logout",
                    run: { try LoggingIn(context: $0).logout($1) }),
                .builtin(
                    "whoami", usage: "whoami", summary: "the logged-in patient's name, birth date and contacts",
                    section: "§11.6", example: "whoami", run: { try LoggingIn(context: $0).whoami($1) }),
                .builtin(
                    "requirements", usage: "requirements",
                    summary: "check the patient's resources against the tutorial's Tables 1-4", section: "§9.3",
                    example: "requirements", waiting: "Checking the resources…",
                    run: { try await LoggingIn(context: $0).requirements($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct LoggingIn {
    let context: CommandContext

    fileprivate func login(_ arguments: [String]) async throws {
        if arguments.contains("--smart") { return try await context.smart.login(arguments) }
        if arguments.contains("--backend") { return try await context.smart.backendLogin(arguments) }
        let client = try context.session.connected()
        let query = try Self.loginQuery(arguments)
        let bundle: FHIRModel.Bundle
        do { bundle = try await client.search("Patient", query) } catch {
            // A SMART server says so in its metadata: the way in is its login, not a search.
            if case .refused(401, _) = error, client.server.oauthURIs != nil {
                throw REPLError("this server wants a SMART login (401): 'login --smart' opens its authorization page")
            }
            throw error
        }
        let patients = try bundle.entry.compactMap { try $0.resource.map { try Patient(json: $0) } }
        let asked = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        guard let patient = patients.first else { throw REPLError("no patient matches \(asked)") }
        let warning = "warning: \(patients.count) patients match \(asked); logging in as the first"
        context.session.patient = patient
        (context.session.orders, context.session.currentOrder, context.session.ordersListed) = ([], nil, false)
        var json = PatientCard.summary(of: patient)
        json["matches"] = .number(String(patients.count))
        context.show(
            .object(json),
            lines: (patients.count > 1 ? [warning] : [])
                + ["logged in as \(PatientCard.name(patient)) (Patient/\(patient.id ?? "?"))"])
    }

    /// `_id=f001` by default (the tutorial's test patient), or by id, identifier or email.
    static func loginQuery(_ arguments: [String]) throws -> [(String, String)] {
        let options = try CommandOptions(
            arguments, ["--identifier": .repeated("a value"), "--email": .repeated("a value")])
        guard options.operands.count <= 1 else { throw UsageError() }
        if options.operands.first == "" { throw REPLError("an empty patient id finds nobody") }
        let query =
            options.operands.map { ("_id", $0) } + options.values("--identifier").map { ("identifier", $0) }
            + options.values("--email").map { ("email", $0) }
        return query.isEmpty ? [("_id", "f001")] : query
    }

    fileprivate func logout(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        let smart = context.session.smart != nil
        context.smart.forget()
        if smart { context.say("the SMART token is forgotten: no longer sent, nor kept") }
        context.session.patient = nil
        (context.session.orders, context.session.currentOrder, context.session.ordersListed) = ([], nil, false)
        context.say("logged out")
    }

    /// The account screen of §11.6: name, birth date, gender, phone, email, address.
    fileprivate func whoami(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        if let login = context.session.smart, context.session.patient == nil {
            return context.show(context.smart.summary(login), lines: Self.smartLines(login))
        }
        let patient = try context.session.loggedIn()
        var summary = PatientCard.summary(of: patient)
        if let login = context.session.smart { summary["smart"] = context.smart.summary(login) }
        let rows: [(String, String?)] = [
            ("born", patient.birthDate), ("gender", patient.gender),
            ("phone", PatientCard.contacts(patient, "phone").joined(separator: ", ")),
            ("email", PatientCard.contacts(patient, "email").joined(separator: ", ")),
            ("address", patient.address.first.map(PatientCard.address)),
        ]
        context.show(
            .object(summary),
            lines: ["\(PatientCard.name(patient)) (Patient/\(patient.id ?? "?"))"]
                + rows.map { label, value in
                    "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0)
                        + (value.flatMap { $0.isEmpty ? nil : $0 } ?? "-")
                } + (context.session.smart.map(Self.smartLines) ?? []))
    }

    /// A SMART login as `whoami` shows it: the app, the scopes, when the token ends.
    static func smartLines(_ login: SMARTLogin) -> [String] {
        ["  SMART   \(login.clientID) at \(login.baseURL)"]
            + (login.fhirUser.map { ["  user    \($0) (the id_token, checked)"] } ?? [])
            + [
                "  scopes  \(login.scope)",
                "  expires \(SMARTSession.time(login.expires))" + (login.renewable ? " (renewed before then)" : ""),
            ]
    }

    fileprivate func requirements(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let id = try context.session.loggedIn().id ?? ""
        let client = try context.session.tutorialClient()
        let type = client.version.orderType
        let patient = try await client.read("Patient", id: id)
        let orders = try await client.searchAll(
            type, [("patient", id), ("_include", "\(type):medication"), ("_count", "100")], limit: 10_000)
        let doses = try await client.searchAll(
            "MedicationAdministration", [("patient", id), ("_count", "1000")], limit: 100_000)
        let report = RequirementReport(resources: [patient] + orders + doses, version: client.version)
        let failures = report.rows.flatMap { row in
            row.failing.map { "\($0) does not meet '\(row.requirement.name)'" }
        }
        context.show(
            report.json,
            lines: Self.requirementTable(report, version: client.version, width: context.console.width) + failures)
    }

    /// A section per table of the tutorial, titled with its number and resource type.
    static func requirementTable(_ report: RequirementReport, version: FHIRVersion, width: Int) -> [String] {
        let tables = Dictionary(grouping: report.rows, by: \.requirement.table).sorted { $0.key < $1.key }
        let sections = tables.map { table, rows in
            (
                title: Optional("Table \(table), \(rows[0].requirement.resourceType)"),
                rows: rows.map { row in
                    [
                        row.requirement.name, row.requirement.expression, row.requirement.rule,
                        "\(row.met) of \(row.checked)",
                    ]
                }
            )
        }
        let table = TextTable(header: ["requirement", "tutorial", "profile", "met"], rows: sections.flatMap(\.rows))
        return table.render(width: width, sections: sections)
    }

    /// `pkce`: the pair an app makes before it sends the user to authorize (RFC 7636), as
    /// `openssl rand` and `openssl dgst -sha256 -binary | base64url` would make it by hand.
    fileprivate func pkce(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw UsageError() }
        let verifier = arguments.first ?? PKCE.makeVerifier()
        if let problem = PKCE.problem(with: verifier) { throw REPLError("not a code_verifier: \(problem)") }
        let challenge = try PKCE.challenge(for: verifier)
        context.show(
            [
                "code_verifier": .string(verifier), "code_challenge": .string(challenge),
                "code_challenge_method": .string(PKCE.method),
            ],
            lines: [
                "code_verifier         \(verifier)", "code_challenge        \(challenge)",
                "code_challenge_method \(PKCE.method)",
                "(the challenge goes in the authorization URL; the verifier, kept secret until then, in the code's exchange)",
            ])
    }
}
