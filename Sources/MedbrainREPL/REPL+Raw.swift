import FHIRClient
import FHIRModel
import FHIRValidation
import MedicationTutorial

/// The escape hatches (`get`, `post`) for any interaction the other commands lack, and
/// `validate`, which checks a resource here before a server sees it.
extension REPL {
    /// `get PATH`: any GET, relative to the base or absolute; prints the answer's JSON.
    func get(_ arguments: [String]) async throws {
        let (arguments, file) = try Self.savingTarget(arguments)
        guard arguments.count == 1 else { throw UsageError() }
        try await exchange("GET", arguments[0], body: nil, savingTo: file)
    }

    /// `post PATH @FILE|JSON`: a transaction or batch to the base, an operation, a search by POST.
    func post(_ arguments: [String]) async throws {
        guard arguments.count == 2 else { throw UsageError() }
        try await exchange("POST", arguments[0], body: try ResourceInput.read(arguments[1]), savingTo: nil)
    }

    private func exchange(_ method: String, _ path: String, body: JSONValue?, savingTo file: String?) async throws {
        let response = try await connected().request(method, path, body: body)
        guard let json = response.json else {
            return show(["status": .number(String(response.status))], lines: ["\(response.status), no body"])
        }
        let bundle = json["resourceType"]?.stringValue == "Bundle" ? try? FHIRModel.Bundle(json: json) : nil
        session.result = ExploreResult(json: json, request: "\(method) \(path)", bundle: bundle)
        if let file { return try save(json, to: file) }
        // The escape hatch shows exactly what came, in either format.
        console.output(json.prettyText + "\n")
    }

    /// `validate [dstu2|stu3|r4|r5] @FILE|JSON`: FHIR's rules for the version (required elements,
    /// element types, codes), then the tutorial's requirement tables, with no server asked.
    func validate(_ arguments: [String]) throws {
        // The version may come first, as JSON on the line must be the last word.
        let versions = arguments.filter { FHIRVersion(rawValue: $0.lowercased()) != nil }
        let inputs = arguments.filter { FHIRVersion(rawValue: $0.lowercased()) == nil }
        guard inputs.count == 1, versions.count <= 1 else { throw UsageError() }
        let resource = try ResourceInput.read(inputs[0])
        let version = try validationVersion(versions.first, resource: resource)
        guard let type = resource["resourceType"]?.stringValue else {
            throw REPLError("the resource has no resourceType")
        }
        let validator = ResourceValidator(version: version)
        // References are the server's business: it alone knows what it holds.
        let issues = validator.issues(in: resource, type: type, exists: { _, _ in true })
        let requirements = Requirement.tables.filter { $0.resourceType[version] == type }
        let unmet = requirements.filter { !$0.isMet(by: resource, version: version) }
        let name = "\(type) (\(version.displayName))"
        show(
            [
                "resourceType": .string(type), "version": .string(version.rawValue), "valid": .bool(issues.isEmpty),
                "issues": .array(issues.map { ["path": .string($0.path), "message": .string($0.message)] }),
                "requirementsUnmet": .array(unmet.map { .string("Table \($0.table): \($0.name)") }),
            ],
            lines: (issues.isEmpty ? ["\(name) is valid"] : ["\(name) is not valid:"])
                + issues.map { "  \($0.path): \($0.message)" }
                + requirementLines(requirements.count, unmet, version: version))
        guard issues.isEmpty else {
            throw REPLError("\(issues.count) \(issues.count == 1 ? "problem" : "problems"); a server would refuse it")
        }
    }

    private func requirementLines(_ checked: Int, _ unmet: [Requirement], version: FHIRVersion) -> [String] {
        guard checked > 0 else { return [] }
        return ["the tutorial's requirements: \(checked - unmet.count) of \(checked) met"]
            + unmet.map {
                "  not met: Table \($0.table), \($0.name) (\($0.expression[version] ?? ""); FHIRPath: "
                    + "\($0.fhirPath[version] ?? ""))"
            }
    }

    /// The version asked for, else the server's, else the one the resource type belongs to.
    private func validationVersion(_ word: String?, resource: JSONValue) throws -> FHIRVersion {
        if let word {
            guard let version = FHIRVersion(rawValue: word.lowercased()) else { throw UsageError() }
            return version
        }
        if let client = session.client { return client.version }
        // The tutorial's resources tell their release by their members; others could be any.
        switch resource["resourceType"]?.stringValue {
        case "MedicationOrder", "MedicationRequest": return Order.version(of: resource)
        case "MedicationAdministration": return Administration.version(of: resource)
        default: throw REPLError("not connected, so say the version: validate dstu2|stu3|r4|r5 @FILE")
        }
    }
}
