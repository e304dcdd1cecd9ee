import FHIRClient
import FHIRModel
import MedicationTutorial

/// The tutorial's requirement tables (§9.3, Tables 1–4), checked against the resources the
/// server holds for the logged-in patient.
extension REPL {
    func requirements(_ arguments: [String]) async throws {
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
