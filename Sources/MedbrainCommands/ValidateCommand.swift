import ArgumentParser
import FHIRModel
import FHIRValidation
import Foundation

/// `medbrain validate`: what a server would refuse in a resource, with each rule's key and
/// place, as HL7's validator's command line reports it, for resources on disk and for scripts.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check FHIR resources (JSON) against a release's definitions and invariants.",
        discussion: """
            Checks each file as the built-in server checks a write: every element the release \
            defines, cardinality, choices, the JSON kind of each value, and the specification's \
            invariants (R4, R4B, R5), each problem with its FHIRPath location and rule key. \
            References are not followed. Exits 1 when any file has an error.
            Examples:
              medbrain validate --fhir-version r4 order.json
              medbrain validate --format json a.json b.json
            """
    )

    @Option(help: "The release to check against: \(FHIRVersion.listed(lowercased: true)).")
    var fhirVersion: FHIRVersion = .r4

    @Option(help: "text (a line per problem) or json (a line per file: file, valid, issues).")
    var format: Format = .text

    @Argument(help: "JSON files, or - for standard input.")
    var files: [String] = ["-"]

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        var validator = ResourceValidator(version: fhirVersion)
        // A file on disk holds no server: every invariant is checked however long it takes.
        validator.invariantBudget = nil
        var failed = 0
        for file in files {
            let issues = check(file, validator)
            if issues.contains(where: \.isError) { failed += 1 }
            Output.standardOutput(format == .json ? jsonLine(file, issues) : textLines(file, issues))
        }
        if failed > 0 {
            throw CommandFailure("\(failed) of \(files.count) \(files.count == 1 ? "file is" : "files are") not valid")
        }
    }

    /// The file's problems; one that cannot be read or is not a resource is one error.
    private func check(_ file: String, _ validator: ResourceValidator) -> [ValidationIssue] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(try CommandInput.read(file))
        } catch {
            return [ValidationIssue(path: CommandInput.name(file), message: "\(error)")]
        }
        guard let type = json["resourceType"]?.stringValue else {
            return [ValidationIssue(path: CommandInput.name(file), message: "not a resource: no resourceType")]
        }
        return validator.issues(in: json, type: type, exists: { _, _ in true })
    }

    private func textLines(_ file: String, _ issues: [ValidationIssue]) -> String {
        let verdict = issues.contains(where: \.isError) ? "not valid" : "valid"
        return (["\(CommandInput.name(file)): \(verdict)"] + issues.map { "  \($0)" }).joined(separator: "\n") + "\n"
    }

    private func jsonLine(_ file: String, _ issues: [ValidationIssue]) -> String {
        let items = issues.map(\.json)
        let line = JSONValue.object(
            JSONObject([
                ("file", .string(file)), ("valid", .bool(!issues.contains(where: \.isError))),
                ("issues", .array(items)),
            ]))
        return String(decoding: line.compactBytes, as: UTF8.self) + "\n"
    }
}
