import FHIRModel
import FHIRPath

/// The specification's invariants (`tim-9`, `ext-1`, `dom-3`, …), evaluated by the FHIRPath
/// engine on every node of a resource they hold for, as HL7's validator does: each node with
/// its type, `%resource` the resource it lies in, `%rootResource` the one that contains that.
///
/// Runs on a resource whose shape is already known good (``DefinedElements``), so every
/// member's type is the model's.
struct InvariantCheck {
    let version: FHIRVersion
    let model: FHIRTypeModel
    let rules: CompiledInvariants

    init(version: FHIRVersion) {
        self.version = version
        model = version.release.model
        rules = CompiledInvariants.releases[version]
    }

    /// What `resource`, a `type` (a resource type, or a datatype with no resource around it),
    /// breaks: an error or warning per failed invariant and node.
    func issues(in resource: JSONValue, type: String) -> [ValidationIssue] {
        var walk = Walk(check: self)
        let element = FHIRPathElement(node: .tree(resource), typeName: type)
        walk.visit(
            resource, extras: nil, type: type, element: nil, of: nil, path: type,
            place: Place(resource: element, root: element, node: .tree(resource)))
        return walk.found
    }

    /// The resource a node lies in, and the one at the top, for `%resource` and `%rootResource`.
    struct Place {
        let resource: FHIRPathElement
        let root: FHIRPathElement
        let node: JSONNode
    }

    private struct Walk {
        let check: InvariantCheck
        var found: [ValidationIssue] = []

        mutating func visit(
            _ value: JSONValue, extras: JSONValue?, type: String, element: String?, of parent: String?, path: String,
            place: Place
        ) {
            var place = place
            var type = type
            if case .object(let object) = value, check.model.isResource(type) || type == "Resource",
                let own = object["resourceType"]?.stringValue
            {
                // A resource inside another (contained, or a Bundle's entry) is `%resource` to
                // its own nodes; only a contained one keeps its container as `%rootResource`.
                type = own
                let isContained = element == "contained"
                let here = FHIRPathElement(resource: value)
                place = Place(resource: here, root: isContained ? place.root : here, node: .tree(value))
            }
            evaluate(value, extras: extras, type: type, element: element, of: parent, path: path, place: place)
            guard case .object(let object) = value else { return }
            for (key, child) in object.members where !key.hasPrefix("_") && key != "resourceType" {
                guard let member = check.model.member(key, of: type) else { continue }
                each(child, extras: object["_\(key)"], path: "\(path).\(key)") { item, extras, path in
                    visit(
                        item, extras: extras, type: member.type, element: member.element, of: type, path: path,
                        place: place)
                }
            }
            // A primitive with only extensions has a `_name` and no `name`.
            for (key, child) in object.members where key.hasPrefix("_") && object[String(key.dropFirst())] == nil {
                let name = String(key.dropFirst())
                guard let member = check.model.member(name, of: type) else { continue }
                each(.null, extras: child, path: "\(path).\(name)") { item, extras, path in
                    visit(
                        item, extras: extras, type: member.type, element: member.element, of: type, path: path,
                        place: place)
                }
            }
        }

        /// Each item of a member, with its `_name` sibling's item; a single value is one item.
        private func each(
            _ value: JSONValue, extras: JSONValue?, path: String, _ body: (JSONValue, JSONValue?, String) -> Void
        ) {
            let items = value.arrayValue ?? extras?.arrayValue.map { Array(repeating: JSONValue.null, count: $0.count) }
            guard let items else { return body(value, extras, path) }
            let extraItems = extras?.arrayValue
            for (index, item) in items.enumerated() {
                let extra = extraItems.flatMap { index < $0.count ? $0[index] : nil }
                body(item, extra == .null ? nil : extra, "\(path)[\(index)]")
            }
        }

        private mutating func evaluate(
            _ value: JSONValue, extras: JSONValue?, type: String, element: String?, of parent: String?, path: String,
            place: Place
        ) {
            let rules = check.rules.rules(type: type, element: element, of: parent)
            guard !rules.isEmpty else { return }
            let node = FHIRPathElement(node: .tree(value), extras: extras.map { .tree($0) }, typeName: type)
            var environment = FHIRPathEnvironment(model: check.model)
            environment.unknownElementsAreEmpty = true
            environment.variables = ["resource": [.element(place.resource)], "rootResource": [.element(place.root)]]
            for rule in rules {
                if let issue = outcome(of: rule, on: node, path: path, place: place, environment: environment) {
                    found.append(issue)
                }
            }
        }

        /// An issue when the rule does not hold: it holds only when it gives `true`, as HL7's
        /// validator reads it (an empty result, such as `start <= end` on a date and a
        /// dateTime of the same day, is not a yes); an evaluation that fails is said, not passed over.
        private func outcome(
            of rule: CompiledInvariants.Rule, on node: FHIRPathElement, path: String, place: Place,
            environment: FHIRPathEnvironment
        ) -> ValidationIssue? {
            let invariant = rule.invariant
            let severity: ValidationIssue.Severity = invariant.severity == .error ? .error : .warning
            do {
                let result = try rule.expression.evaluate(
                    on: [.element(node)], resource: place.node, environment: environment)
                if result.count == 1, case .boolean(true) = result[0] { return nil }
                return ValidationIssue(path: path, message: invariant.human, severity: severity, rule: invariant.key)
            } catch {
                return ValidationIssue(
                    path: path, message: "could not be checked: \(error.message)", severity: .warning,
                    rule: invariant.key)
            }
        }
    }
}
