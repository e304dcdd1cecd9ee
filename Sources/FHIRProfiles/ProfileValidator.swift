import FHIRModel
import FHIRValidation

/// Checks resources against profiles, as HL7's validator does after the release's own rules:
/// the profiles asked for, the profiles each resource declares (`meta.profile`, also of
/// resources inside it), and every extension whose definition is known.
public struct ProfileValidator: Sendable {
    public let resources: ConformanceResources

    public init(resources: ConformanceResources) { self.resources = resources }

    /// Every problem `resource` has against `profiles` and those it declares; a declared
    /// profile that is not known is a warning (it was not checked), as is one asked for.
    public func issues(in resource: JSONValue, profiles: [String] = []) -> [ValidationIssue] {
        guard let type = resource["resourceType"]?.stringValue else { return [] }
        var check = ProfileCheck(resources: resources)
        let root = InstanceValue(root: resource, type: type)
        for url in profiles { validate(root, against: url, asked: true, &check) }
        for (item, url) in Self.declared(in: root, model: check.model) {
            validate(item, against: url, asked: false, &check)
        }
        for item in Self.extensions(in: root, model: check.model) {
            guard let url = item.value["url"]?.stringValue, resources.profile(url) != nil,
                case .success(let tree) = check.tree(url)
            else { continue }
            check.check(item, against: tree)
        }
        return Self.once(check.issues)
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
    /// its `meta.profile` names.
    static func declared(in root: InstanceValue, model: FHIRTypeModel) -> [(InstanceValue, String)] {
        var found: [(InstanceValue, String)] = []
        walk(root, model: model) { item in
            guard item.value["resourceType"] != nil else { return }
            for url in item.value["meta"]?["profile"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                found.append((item, url))
            }
        }
        return found
    }

    /// Every extension and modifier extension anywhere in `root`.
    static func extensions(in root: InstanceValue, model: FHIRTypeModel) -> [InstanceValue] {
        var found: [InstanceValue] = []
        walk(root, model: model) { item in
            if item.type == "Extension" { found.append(item) }
        }
        return found
    }

    /// Calls `body` on `item` and every value below it.
    private static func walk(_ item: InstanceValue, model: FHIRTypeModel, _ body: (InstanceValue) -> Void) {
        body(item)
        let object = item.value.objectValue ?? item.extras?.objectValue ?? JSONObject()
        var seen: Set<String> = []
        for key in object.keys {
            let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
            guard name != "resourceType", seen.insert(name).inserted else { continue }
            for child in item.members(named: name, model: model) { walk(child, model: model, body) }
        }
    }

    /// The issues without repeats: a profile may say again what its base says, and an
    /// extension is checked by its slice and by its own definition.
    private static func once(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        var seen: Set<String> = []
        return issues.filter { seen.insert("\($0.severity)\u{0}\($0.path)\u{0}\($0.message)").inserted }
    }
}
