import FHIRModel
import FHIRPath
import FHIRValidation

/// A profile's own FHIRPath rules (`us-core-6`, `vs-2`), each parsed once and evaluated on a
/// value as HL7's validator does: it holds only when it gives `true`.
struct ProfileRules {
    private var parsed: [String: Result<FHIRPathExpression, FHIRPathError>] = [:]
    /// Rules the release states on its own types, which its validation checks already (a
    /// snapshot repeats them on every element).
    private static let core = PerRelease { Set($0.release.invariants.all.map(\.key)) }

    /// The issue when `rule` does not hold on `item`; nil when it holds, or when the release
    /// checks it anyway.
    mutating func issue(
        _ rule: ElementConstraint.Rule, on item: InstanceValue, model: FHIRTypeModel, version: FHIRVersion,
        profile: String
    ) -> ValidationIssue? {
        guard !Self.core[version].contains(rule.key) else { return nil }
        let expression =
            parsed[rule.expression]
            ?? Result<FHIRPathExpression, FHIRPathError> { () throws(FHIRPathError) -> FHIRPathExpression in
                try FHIRPathExpression(rule.expression)
            }
        parsed[rule.expression] = expression
        let severity: ValidationIssue.Severity = rule.isError ? .error : .warning
        do {
            let element = FHIRPathElement(
                node: .tree(item.value), extras: item.extras.map { .tree($0) }, typeName: item.type)
            var environment = FHIRPathEnvironment(model: model)
            environment.unknownElementsAreEmpty = true
            environment.variables = [
                "resource": [.element(FHIRPathElement(resource: item.place.resource))],
                "rootResource": [.element(FHIRPathElement(resource: item.place.root))],
            ]
            let result = try expression.get().evaluate(
                on: [.element(element)], resource: .tree(item.resource), environment: environment)
            if result.count == 1, case .boolean(true) = result[0] { return nil }
            return ValidationIssue(
                path: item.path, message: "\(rule.human) (\(profile))", severity: severity, rule: rule.key)
        } catch {
            return ValidationIssue(
                path: item.path, message: "could not be checked: \(error.message)", severity: .warning, rule: rule.key)
        }
    }
}
