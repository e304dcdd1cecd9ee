import FHIRModel
import FHIRValidation
import Foundation

/// Checks resources against profiles, as HL7's validator does after the release's own rules:
/// the profiles asked for, the profiles each resource declares (`meta.profile`, also of
/// resources inside it), and every extension whose definition is known.
public struct ProfileValidator: Sendable {
    public let resources: ConformanceResources

    /// The clock a profile's bound given as a Duration (`minValueDuration` on a birthDate:
    /// no more than 100 years ago) is measured by: the system's unless one is given, so that a
    /// lesson or a test reads the same verdict on any day.
    public let clock: @Sendable () -> Date

    public init(resources: ConformanceResources, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.resources = resources
        self.clock = clock
    }

    /// Every problem `resource` has against `profiles` and those it declares; a declared
    /// profile that is not known is a warning (it was not checked), as is one asked for.
    /// `checksExtensions` false leaves out the extensions the profiles do not name (a server's
    /// writes, which HL7's servers check by their profiles alone).
    public func issues(in resource: JSONValue, profiles: [String] = [], checksExtensions: Bool = true)
        -> [ValidationIssue]
    {
        guard let type = resource["resourceType"]?.stringValue else { return [] }
        var check = ProfileCheck(resources: resources, now: clock())
        let root = InstanceValue(root: resource, type: type)
        for url in profiles { validate(root, against: url, asked: true, &check) }
        for (item, url) in declared(in: root, model: check.model) {
            validate(item, against: url, asked: false, &check)
        }
        check.issues += definitionIssues(in: root, model: check.model)
        let placement = ExtensionPlacement(model: check.model)
        for (item, parent) in checksExtensions ? Self.extensions(in: root, model: check.model) : [] {
            guard let url = item.value["url"]?.stringValue else { continue }
            guard let definition = resources.profile(url) else {
                if let issue = unknown(url, at: item.path) { check.issues.append(issue) }
                continue
            }
            check.issues += placement.issues(item, in: parent, by: definition)
            if case .success(let tree) = check.tree(url) { check.check(item, against: tree) }
        }
        return Self.once(check.issues)
    }

    /// An extension whose definition is not at hand is not allowed, as HL7's validator
    /// refuses it, unless it is one nobody could have: an example's (example.org), another
    /// release's own (`http://hl7.org/fhir/5.0/…`), or one of HL7's (its extensions package, which
    /// HL7's validator loads and Medbrain does not carry); those are said to be not checked. A
    /// complex extension's parts (`ombCategory`) are its definition's to judge.
    private func unknown(_ url: String, at path: String) -> ValidationIssue? {
        guard url.contains(":") else { return nil }
        let host = url.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        let examples = ["example.org", "example.com", "example.net"]
        let crossRelease = url.range(of: #"^http://hl7\.org/fhir/\d+\.\d+/"#, options: .regularExpression) != nil
        let releaseOwn = url.hasPrefix("http://hl7.org/fhir/StructureDefinition/")
        guard examples.contains(where: { host == $0 || host.hasSuffix(".\($0)") }) || crossRelease || releaseOwn else {
            return ValidationIssue(
                path: path,
                message:
                    "the extension \(url) is not known here, so it is not allowed: add its definition with --package")
        }
        return ValidationIssue(
            path: path, message: "not checked: the definition of the extension \(url) is not at hand",
            severity: .information)
    }

    private func validate(_ item: InstanceValue, against url: String, asked: Bool, _ check: inout ProfileCheck) {
        switch check.tree(url) {
        case .success(let tree):
            guard tree.type == item.type || check.model.type(item.type, isA: tree.type) else {
                check.issues.append(
                    ValidationIssue(
                        path: item.path, message: "\(url) is a profile of \(tree.type), not of \(item.type)"))
                return
            }
            check.check(item, against: tree)
        case .failure(let error):
            check.issues.append(
                ValidationIssue(
                    path: item.path, message: "not checked against \(url): \(error)",
                    severity: asked ? .error : .warning))
        }
    }

    /// Each resource in `root` (itself, contained ones, a Bundle's entries) with each profile
    /// its `meta.profile` names and each an ImplementationGuide added holds for its type.
    func declared(in root: InstanceValue, model: FHIRTypeModel) -> [(InstanceValue, String)] {
        var found: [(InstanceValue, String)] = []
        Self.walk(root, parent: nil, model: model) { item, _ in
            guard item.value["resourceType"] != nil else { return }
            let declared = item.value["meta"]?["profile"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for url in declared + resources.globalProfiles(of: item.type).filter({ !declared.contains($0) }) {
                found.append((item, url))
            }
        }
        return found
    }

    /// Every problem `resource` has against the one profile at `url`, and nothing else: not
    /// the profiles it declares, nor extensions the profile does not name. A profile nobody
    /// knows is an error.
    public func conformance(of resource: JSONValue, to url: String) -> [ValidationIssue] {
        conformance(of: [resource], to: url)[0]
    }

    /// ``conformance(of:to:)`` of each of `resources`, the profile read once for them all.
    public func conformance(of resources: [JSONValue], to url: String) -> [[ValidationIssue]] {
        var check = ProfileCheck(resources: self.resources, now: clock())
        return resources.map { resource in
            check.issues = []
            guard let type = resource["resourceType"]?.stringValue else { return [] }
            validate(InstanceValue(root: resource, type: type), against: url, asked: true, &check)
            return Self.once(check.issues)
        }
    }

    /// The resources in `root` read against the definitions they use: a QuestionnaireResponse
    /// against the Questionnaire it answers, when that was added; a profile's differential
    /// against the type it constrains and the profile it derives from.
    private func definitionIssues(in root: InstanceValue, model: FHIRTypeModel) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        Self.walk(root, parent: nil, model: model) { item, _ in
            guard item.value["resourceType"] != nil else { return }
            if item.type == "StructureDefinition" {
                issues += DifferentialPaths(model: model).issues(in: item.value, at: item.path)
                issues += BaseFixedValues(resources: resources).issues(in: item.value, at: item.path)
                issues += ExtensionDefinitionRules(model: model).issues(in: item.value, at: item.path)
            }
            guard item.type == "QuestionnaireResponse", let url = QuestionnaireAnswers.questionnaireURL(of: item.value),
                let questionnaire = resources.questionnaire(url)
            else { return }
            issues += QuestionnaireAnswers(questionnaire: questionnaire, url: url).issues(in: item.value, at: item.path)
        }
        return issues
    }

    /// Every extension and modifier extension anywhere in `root`, each with what holds it.
    static func extensions(in root: InstanceValue, model: FHIRTypeModel) -> [(InstanceValue, InstanceValue)] {
        var found: [(InstanceValue, InstanceValue)] = []
        walk(root, parent: nil, model: model) { item, parent in
            if item.type == "Extension", let parent { found.append((item, parent)) }
        }
        return found
    }

    /// Calls `body` on `item` and every value below it, each with the value that holds it.
    private static func walk(
        _ item: InstanceValue, parent: InstanceValue?, model: FHIRTypeModel,
        _ body: (InstanceValue, InstanceValue?) -> Void
    ) {
        body(item, parent)
        let object = item.value.objectValue ?? item.extras?.objectValue ?? JSONObject()
        var seen: Set<String> = []
        for key in object.keys {
            let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
            guard name != "resourceType", seen.insert(name).inserted else { continue }
            for child in item.members(named: name, model: model) { walk(child, parent: item, model: model, body) }
        }
    }

    /// The issues without repeats: a profile may say again what its base says, and an
    /// extension is checked by its slice and by its own definition.
    private static func once(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        var seen: Set<String> = []
        return issues.filter { seen.insert("\($0.severity)\u{0}\($0.path)\u{0}\($0.message)").inserted }
    }
}
