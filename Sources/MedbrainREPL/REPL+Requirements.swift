import FHIRClient
import FHIRModel
import MedicationTutorial

/// The tutorial's requirement tables (§9.3, Tables 1–4), checked against the resources the
/// server holds for the logged-in patient.
extension REPL {
    func requirements(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw REPLError("usage: requirements") }
        let id = try loggedIn().id ?? ""
        let client = try connected()
        let type = client.version.orderType
        let patient = try await client.read("Patient", id: id)
        let orders = try await client.searchAll(
            type, [("patient", id), ("_include", "\(type):medication"), ("_count", "100")], limit: 10_000)
        let doses = try await client.searchAll(
            "MedicationAdministration", [("patient", id), ("_count", "1000")], limit: 100_000)
        let report = RequirementReport(resources: [patient] + orders + doses, version: client.version)
        let rows = report.rows.map { row in
            [
                String(row.requirement.table), row.requirement.resourceType[client.version] ?? "",
                row.requirement.name, row.requirement.expression[client.version] ?? "", "\(row.met) of \(row.checked)",
            ]
        }
        let failures = report.rows.flatMap { row in
            row.failing.map { "\($0) does not meet '\(row.requirement.name)'" }
        }
        show(
            report.json,
            lines: TextTable(header: ["table", "resource", "requirement", "expression", "met"], rows: rows).render(
                width: console.width) + failures)
    }
}
