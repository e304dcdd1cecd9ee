import ArgumentParser
import FHIRModel
import FHIRProfiles
import FHIRValidation
import Foundation
import MedicationTutorial

/// `medbrain validate`: what a server would refuse in a resource, with each rule's key and
/// place, as HL7's validator's command line reports it, for resources on disk and for scripts.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check FHIR resources (JSON) against a release's definitions, invariants and profiles.",
        discussion: """
            Checks each file as the built-in server checks a write: every element the release \
            defines, cardinality, choices, the JSON kind of each value, and the specification's \
            invariants (R4, R4B, R5), each problem with its FHIRPath location and rule key, and \
            the rules its prose states (an attachment's size and hash, a Bundle's fullUrls, a \
            document's references resolved in it, contained ids, a search's matches). \
            Then the profiles: those named with --profile, those each resource declares in \
            meta.profile, and the definitions of its extensions, read from R4's own and from \
            --package (a StructureDefinition, ValueSet or CodeSystem file, a folder of them, or \
            a FHIR package .tgz). References are not followed. Exits 1 when any file has an error.
            Examples:
              medbrain validate --fhir-version r4 order.json
              medbrain validate --format json a.json b.json
              medbrain validate --package us-core/ --profile \
                http://hl7.org/fhir/us/core/StructureDefinition/us-core-medicationrequest order.json
              medbrain validate --profile @my-profile.json order.json
            """
    )

    @Option(help: "The release to check against: \(FHIRVersion.listed(lowercased: true)).")
    var fhirVersion: FHIRVersion = .r4

    @Option(help: "text (a line per problem) or json (a line per file: file, valid, issues).")
    var format: Format = .text

    @Option(
        name: .customLong("profile"),
        help:
            "A profile to check against: its canonical URL, or @FILE for a StructureDefinition in a file (repeatable)."
    )
    var profiles: [String] = []

    @Option(
        name: .customLong("package"),
        help:
            "Profiles, extensions, ValueSets and CodeSystems: a JSON file, a folder, or a FHIR package .tgz (repeatable)."
    )
    var packages: [String] = []

    @Argument(help: "JSON files, or - for standard input.")
    var files: [String] = ["-"]

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        var validator = ResourceValidator(version: fhirVersion)
        // A file on disk holds no server: every invariant is checked however long it takes.
        validator.invariantBudget = nil
        let (conformance, asked) = try definitions()
        let profileValidator = ProfileValidator(resources: conformance)
        var failed = 0
        for file in files {
            let issues = check(file, validator, profileValidator, asked)
            if issues.contains(where: \.isError) { failed += 1 }
            Output.standardOutput(format == .json ? jsonLine(file, issues) : textLines(file, issues))
        }
        if failed > 0 {
            throw CommandFailure("\(failed) of \(files.count) \(files.count == 1 ? "file is" : "files are") not valid")
        }
    }

    /// The release's definitions with the packages added, and the URLs of the profiles asked
    /// for; a package that cannot be read or a profile that is not known stops before any file.
    private func definitions() throws -> (ConformanceResources, [String]) {
        var resources = ConformanceResources(version: fhirVersion)
        do {
            // The tutorial's Tables 1–4, as profiles every command of Medbrain knows.
            for definition in TutorialProfiles.definitions(of: fhirVersion) { try resources.add(definition) }
            for package in packages { try resources.load(package) }
            var urls: [String] = []
            for profile in profiles {
                guard profile.hasPrefix("@") else {
                    urls.append(profile)
                    continue
                }
                let added = try resources.load(String(profile.dropFirst()))
                guard !added.isEmpty else { throw ProfileError("\(profile.dropFirst()) holds no profile") }
                urls += added
            }
            for url in urls where resources.profile(url) == nil {
                throw ProfileError("the profile \(url) is not known: add its package with --package")
            }
            return (resources, urls)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The file's problems; one that cannot be read or is not a resource is one error.
    private func check(
        _ file: String, _ validator: ResourceValidator, _ profileValidator: ProfileValidator, _ asked: [String]
    ) -> [ValidationIssue] {
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
            + profileValidator.issues(in: json, profiles: asked)
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
