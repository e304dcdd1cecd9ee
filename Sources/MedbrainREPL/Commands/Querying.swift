import FHIRModel
import FHIRPath
import FHIRValidation
import MedicationTutorial
import ResultTables

/// What came back, looked at again: `fhirpath` on it, `show` it in another form or save it;
/// and `validate`, which checks a resource here before any server sees it.
extension CommandGroup {
    static var querying: CommandGroup {
        CommandGroup(
            "Query and check",
            [
                .builtin(
                    "fhirpath", usage: "fhirpath [@FILE] EXPRESSION",
                    summary: "FHIRPath on the last result (or a file): what it holds, filtered, counted",
                    section: "fhirpath.html",
                    example: "fhirpath entry.resource.where(status = 'not-done').count()", tail: .expression,
                    complete: { Querying(context: $0).fhirPathCompletions($1) },
                    run: { try Querying(context: $0).fhirpath($1) }),
                .builtin(
                    "show", usage: "show [json|table|summary] [> FILE]",
                    summary: "the last result again, or saved to a file", example: "show json > result.json",
                    complete: { _, words in words.count == 2 ? ["json", "table", "summary"] : [] },
                    run: { try Querying(context: $0).showResult($1) }),
                .builtin(
                    "validate", usage: "validate [\(FHIRVersion.choices)] [PROFILE-URL…] @FILE|JSON",
                    summary: "check a resource here: FHIR's rules, its profiles and the tutorial's tables",
                    section: "§9.3",
                    example: "validate @dose.json", tail: .json,
                    complete: { _, words in words.count == 2 ? FHIRVersion.allCases.map(\.rawValue) : [] },
                    run: { try Querying(context: $0).validate($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Querying {
    let context: CommandContext

    /// `fhirpath [@FILE] EXPRESSION`: evaluates on the file, or on the last result (a search's
    /// Bundle, a `read`, a `get`, what `show` shows); an expression that reads no resource
    /// (`today() - 1 year`) needs neither.
    fileprivate func fhirpath(_ arguments: [String]) throws {
        guard let first = arguments.first else { throw UsageError() }
        let file = first.hasPrefix("@") ? first : nil
        let words = arguments.dropFirst(file == nil ? 0 : 1)
        guard !words.isEmpty else { throw UsageError() }
        let expression = try context.fhirPath.parse(words.joined(separator: " "))
        let resource: JSONValue?
        if let file {
            resource = try ResourceInput.read(file)
        } else if let result = context.session.result {
            resource = result.json
        } else if expression.readsInput {
            throw REPLError("nothing to evaluate on yet: 'search', 'read' or 'get' first, or give @FILE")
        } else {
            resource = nil
        }
        let items: [FHIRPathValue]
        do { items = try expression.evaluate(on: resource, environment: context.fhirPath.environment()) } catch {
            throw REPLError(error.description)
        }
        context.show(items.jsonArray, lines: items.textLines + emptyBecauseCounted(items, file: file))
    }

    /// Why nothing came, when the last result is a count (`count`'s `_summary=count`), which
    /// holds the total and no resources: the note people miss, said where they look.
    private func emptyBecauseCounted(_ items: [FHIRPathValue], file: String?) -> [String] {
        guard items.isEmpty, file == nil, let result = context.session.result, result.request.contains("_summary=count")
        else { return [] }
        return [
            "(the last result is the count of \(result.request): only its total, no resources; 'search' keeps them)"
        ]
    }

    /// Tab after `fhirpath`: the element names of the result at hand (of what the expression
    /// before the last `.` gives), then the function names.
    fileprivate func fhirPathCompletions(_ words: [String]) -> [String] {
        let typed = words.last ?? ""
        let base: String?
        let partial: Substring
        if let dot = typed.lastIndex(of: ".") {
            base = String(typed[..<dot])
            partial = typed[typed.index(after: dot)...]
        } else {
            (base, partial) = (nil, Substring(typed))
        }
        var names = elementNames(at: base)
        if base == nil, let type = context.session.result?.json["resourceType"]?.stringValue {
            names.insert(type, at: 0)
        }
        names += FHIRPathExpression.functionNames.map { $0 + "(" }
        let prefix = base.map { $0 + "." } ?? ""
        return names.filter { $0.hasPrefix(partial) }.map { prefix + $0 }
    }

    /// The element names of the objects the expression gives on the last result (`resourceType`
    /// aside), choices by their FHIRPath names.
    private func elementNames(at base: String?) -> [String] {
        guard let json = context.session.result?.json else { return [] }
        var items: [FHIRPathValue] = [.element(FHIRPathElement(resource: json))]
        if let base, !base.isEmpty, !base.hasPrefix("@") {
            guard let expression = try? FHIRPathExpression(base),
                let found = try? expression.evaluate(on: json, environment: context.fhirPath.environment())
            else { return [] }
            items = found
        }
        var names: [String] = []
        for case .element(let element) in items.prefix(200) {
            for key in element.json.objectValue?.keys ?? [] where key != "resourceType" {
                let name = FHIRPathExpression.elementName(ofKey: key, in: element)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names.sorted()
    }

    /// `show [json|table|summary] [> FILE]`: the last result again, in the form asked for.
    fileprivate func showResult(_ arguments: [String]) throws {
        let (arguments, file) = try Presenter.savingTarget(arguments)
        guard arguments.count <= 1 else { throw UsageError() }
        guard let result = context.session.result else {
            throw REPLError("nothing to show yet; 'search', 'read' or 'get' first")
        }
        if let file { return try context.presenter.save(result.json, to: file) }
        switch arguments.first?.lowercased() {
        case nil: try context.presenter.present(result, savingTo: nil)
        case "json": context.console.output(result.json.prettyText + "\n")
        case "table": context.console.output(context.presenter.table(of: result).map { $0 + "\n" }.joined())
        case "summary":
            context.show(
                ["summary": .string(ResultLines.summary(of: result.json))],
                lines: [ResultLines.summary(of: result.json)])
        default: throw UsageError()
        }
    }

    /// `validate [dstu2|stu3|r4|r5] [PROFILE-URL…] @FILE|JSON`: FHIR's rules for the version
    /// (required elements, element types, codes, invariants), the profiles asked for and declared
    /// (the release's own and the tutorial's Tables 1–4), then the tutorial's requirement tables,
    /// with no server asked.
    fileprivate func validate(_ arguments: [String]) throws {
        // The version and the profiles come first, as JSON on the line must be the last word.
        let versions = arguments.filter { FHIRVersion(rawValue: $0.lowercased()) != nil }
        let inputs = arguments.filter { FHIRVersion(rawValue: $0.lowercased()) == nil }
        let asked = Array(inputs.dropLast())
        guard let input = inputs.last, versions.count <= 1, asked.allSatisfy({ $0.contains("://") }) else {
            throw UsageError()
        }
        let resource = try ResourceInput.read(input)
        let version = try validationVersion(versions.first, resource: resource)
        guard let type = resource["resourceType"]?.stringValue else {
            throw REPLError("the resource has no resourceType")
        }
        let validator = ResourceValidator(version: version)
        // References are the server's business: it alone knows what it holds.
        let profiles = TutorialProfiles.of(version)
        let issues =
            validator.issues(in: resource, type: type, exists: { _, _ in true })
            + profiles.profileIssues(of: resource, asked: asked)
        let requirements = profiles.requirements(of: type)
        let unmet = requirements.filter { !profiles.isMet($0, by: resource) }
        let name = "\(type) (\(version.displayName))"
        let errors = issues.filter(\.isError)
        context.show(
            [
                "resourceType": .string(type), "version": .string(version.rawValue), "valid": .bool(errors.isEmpty),
                "issues": .array(issues.map(\.json)),
                "requirementsUnmet": .array(unmet.map { .string("Table \($0.table): \($0.name)") }),
            ],
            lines: (errors.isEmpty ? ["\(name) is valid"] : ["\(name) is not valid:"])
                + issues.map { "  \($0)" }
                + requirementLines(requirements.count, unmet))
        guard errors.isEmpty else {
            throw REPLError("\(errors.count) \(errors.count == 1 ? "problem" : "problems"); a server would refuse it")
        }
    }

    private func requirementLines(_ checked: Int, _ unmet: [Requirement]) -> [String] {
        guard checked > 0 else { return [] }
        return ["the tutorial's requirements: \(checked - unmet.count) of \(checked) met"]
            + unmet.map { "  not met: Table \($0.table), \($0.name) (\($0.expression); profile: \($0.rule))" }
    }

    /// The version asked for, else the server's, else the one the resource type belongs to.
    private func validationVersion(_ word: String?, resource: JSONValue) throws -> FHIRVersion {
        if let word {
            guard let version = FHIRVersion(rawValue: word.lowercased()) else { throw UsageError() }
            return version
        }
        if let client = context.session.client { return client.version }
        // The tutorial's resources tell their release by their members; others could be any.
        switch resource["resourceType"]?.stringValue {
        case "MedicationOrder", "MedicationRequest": return Order.version(of: resource)
        case "MedicationAdministration": return Administration.version(of: resource)
        default: throw REPLError("not connected, so say the version: validate \(FHIRVersion.choices) @FILE")
        }
    }
}
