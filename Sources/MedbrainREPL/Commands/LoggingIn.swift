import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial
import ResultTables

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
                    run: { try await $0.login($1) }),
                .builtin(
                    "pkce", usage: "pkce [VERIFIER]",
                    summary: "a PKCE code_verifier (random, or yours) and its S256 code_challenge",
                    section: "§11.4", example: "pkce", run: { try $0.pkce($1) }),
                .builtin(
                    "logout", usage: "logout", summary: "forget the patient", section: "§11.6", example: "logout",
                    run: { try $0.logout($1) }),
                .builtin(
                    "whoami", usage: "whoami", summary: "the logged-in patient's name, birth date and contacts",
                    section: "§11.6", example: "whoami", run: { try $0.whoami($1) }),
                .builtin(
                    "requirements", usage: "requirements",
                    summary: "check the patient's resources against the tutorial's Tables 1-4", section: "§9.3",
                    example: "requirements", waiting: "Checking the resources…", run: { try await $0.requirements($1) }),
            ])
    }
}

extension CommandContext {
    fileprivate func login(_ arguments: [String]) async throws {
        if arguments.contains("--smart") { return try await smartLogin(arguments) }
        if arguments.contains("--backend") { return try await backendLogin(arguments) }
        let client = try connected()
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
        session.patient = patient
        (session.orders, session.currentOrder, session.ordersListed) = ([], nil, false)
        var json = Self.summary(of: patient)
        json["matches"] = .number(String(patients.count))
        show(
            .object(json),
            lines: (patients.count > 1 ? [warning] : [])
                + ["logged in as \(Self.name(patient)) (Patient/\(patient.id ?? "?"))"])
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
        let smart = session.smart != nil
        forgetSMARTLogin()
        if smart { say("the SMART token is forgotten: no longer sent, nor kept") }
        session.patient = nil
        (session.orders, session.currentOrder, session.ordersListed) = ([], nil, false)
        say("logged out")
    }

    /// The account screen of §11.6: name, birth date, gender, phone, email, address.
    fileprivate func whoami(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        if let login = session.smart, session.patient == nil {
            return show(smartSummary(login), lines: Self.smartLines(login))
        }
        let patient = try loggedIn()
        var summary = Self.summary(of: patient)
        if let login = session.smart { summary["smart"] = smartSummary(login) }
        let rows: [(String, String?)] = [
            ("born", patient.birthDate), ("gender", patient.gender),
            ("phone", Self.contacts(patient, "phone").joined(separator: ", ")),
            ("email", Self.contacts(patient, "email").joined(separator: ", ")),
            ("address", patient.address.first.map(Self.address)),
        ]
        show(
            .object(summary),
            lines: ["\(Self.name(patient)) (Patient/\(patient.id ?? "?"))"]
                + rows.map { label, value in
                    "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0)
                        + (value.flatMap { $0.isEmpty ? nil : $0 } ?? "-")
                } + (session.smart.map(Self.smartLines) ?? []))
    }

    /// A SMART login as `whoami` shows it: the app, the scopes, when the token ends.
    static func smartLines(_ login: SMARTLogin) -> [String] {
        ["  SMART   \(login.clientID) at \(login.baseURL)"]
            + (login.fhirUser.map { ["  user    \($0) (the id_token, checked)"] } ?? [])
            + [
                "  scopes  \(login.scope)",
                "  expires \(time(login.expires))" + (login.renewable ? " (renewed before then)" : ""),
            ]
    }

    static func summary(of patient: Patient) -> JSONObject {
        JSONObject([
            ("id", json(patient.id)), ("name", .string(name(patient))), ("birthDate", json(patient.birthDate)),
            ("gender", json(patient.gender)), ("phone", .array(contacts(patient, "phone").map { .string($0) })),
            ("email", .array(contacts(patient, "email").map { .string($0) })),
            ("address", json(patient.address.first.map(address))),
        ])
    }

    static func contacts(_ patient: Patient, _ system: String) -> [String] {
        patient.telecom.filter { $0.system == system }.compactMap(\.value)
    }

    static func name(_ patient: Patient) -> String {
        patient.name.first.map { $0.displayText.oneLine } ?? "unnamed patient"
    }

    static func address(_ address: Address) -> String {
        address.text
            ?? (address.line + [address.postalCode, address.city, address.country].compactMap { $0 })
            .joined(separator: ", ")
    }

    fileprivate func requirements(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let id = try loggedIn().id ?? ""
        let client = try tutorialClient()
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
        show(
            report.json, lines: Self.requirementTable(report, version: client.version, width: console.width) + failures)
    }

    /// A section per table of the tutorial, titled with its number and resource type.
    static func requirementTable(_ report: RequirementReport, version: FHIRVersion, width: Int) -> [String] {
        let tables = Dictionary(grouping: report.rows, by: \.requirement.table).sorted { $0.key < $1.key }
        let sections = tables.map { table, rows in
            (
                title: Optional("Table \(table), \(rows[0].requirement.resourceType[version] ?? "")"),
                rows: rows.map { row in
                    [
                        row.requirement.name, row.requirement.expression[version] ?? "",
                        row.requirement.fhirPath[version] ?? "", "\(row.met) of \(row.checked)",
                    ]
                }
            )
        }
        let table = TextTable(header: ["requirement", "tutorial", "FHIRPath", "met"], rows: sections.flatMap(\.rows))
        return table.render(width: width, sections: sections)
    }
}
