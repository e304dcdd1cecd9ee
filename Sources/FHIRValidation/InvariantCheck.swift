import FHIRModel
import FHIRPath

/// The specification's invariants (`tim-9`, `ext-1`, `dom-3`, …), evaluated by the FHIRPath
/// engine on every node of a resource they hold for, as HL7's validator does: each node with
/// its type, `%resource` the resource it lies in, `%rootResource` the one that contains that.
struct InvariantCheck {
    let version: FHIRVersion
    let model: FHIRTypeModel
    let rules: CompiledInvariants
    /// How long the invariants of one resource may take (``ResourceValidator/invariantBudget``):
    /// past it, the rest are said to be not checked; nil: no limit.
    let budget: Swift.Duration?

    init(version: FHIRVersion, budget: Swift.Duration?) {
        self.version = version
        model = version.release.model
        rules = CompiledInvariants.releases[version]
        self.budget = budget
    }

    /// What `resource`, a `type` (a resource type, or a datatype with no resource around it),
    /// breaks: an error or warning per failed invariant and node.
    func issues(in resource: JSONValue, type: String) -> [ValidationIssue] {
        var found: [ValidationIssue] = []
        // The steps that read only `%resource` and `%rootResource` are worked out once per
        // resource and rule (`ref-1` asks each Reference for every contained resource's id).
        var kept: [String: FHIRPathConstants] = [:]
        let clock = ContinuousClock()
        let deadline = budget.map { clock.now.advanced(by: $0) }
        var stopped = false
        ElementWalk(model: model).visit(resource, type: type) { node in
            guard !stopped else { return }
            let rules = rules.rules(type: node.type, element: node.element, of: node.parent)
            guard !rules.isEmpty else { return }
            if let deadline, let budget, clock.now > deadline {
                stopped = true
                found.append(
                    ValidationIssue(
                        path: node.path,
                        message:
                            "this and the following invariants were not checked: checking took more than \(budget)",
                        severity: .warning))
                return
            }
            let element = FHIRPathElement(
                node: .tree(node.value), extras: node.extras.map { .tree($0) }, typeName: node.type)
            var environment = FHIRPathEnvironment(model: model)
            environment.unknownElementsAreEmpty = true
            environment.variables = [
                "resource": [.element(node.place.resource)], "rootResource": [.element(node.place.root)],
            ]
            for rule in rules {
                let memo = "\(node.place.path)\u{0}\(rule.invariant.context)\u{0}\(rule.invariant.key)"
                let constants = kept[memo] ?? FHIRPathConstants()
                kept[memo] = constants
                if let issue = outcome(of: rule, on: element, at: node, environment: environment, constants: constants)
                {
                    found.append(issue)
                }
            }
        }
        return found
    }

    /// An issue when the rule does not hold: it holds only when it gives `true`, as HL7's
    /// validator reads it (an empty result, such as `start <= end` on a date and a dateTime of
    /// the same day, is not a yes); an evaluation that fails is said, not passed over.
    private func outcome(
        of rule: CompiledInvariants.Rule, on element: FHIRPathElement, at node: ElementWalk.Node,
        environment: FHIRPathEnvironment, constants: FHIRPathConstants
    ) -> ValidationIssue? {
        let invariant = rule.invariant
        let severity: ValidationIssue.Severity = invariant.severity == .error ? .error : .warning
        do {
            let result = try rule.expression.evaluate(
                on: [.element(element)], resource: node.place.node, environment: environment, constants: constants)
            if result.count == 1, case .boolean(true) = result[0] { return nil }
            return ValidationIssue(path: node.path, message: invariant.human, severity: severity, rule: invariant.key)
        } catch {
            return ValidationIssue(
                path: node.path, message: "could not be checked: \(error.message)", severity: .warning,
                rule: invariant.key)
        }
    }
}
