import FHIRModel
import FHIRValidation

extension ProfileCheck {
    /// A code outside the ValueSet a profile binds it to: an error for a required binding, a
    /// warning for an extensible one; a ValueSet that cannot be known here is said to be not
    /// checked, never taken as kept. Worded as the release's own binding check words it, so
    /// a profile repeating the release's binding says nothing twice.
    mutating func bound(_ item: InstanceValue, _ binding: ElementConstraint.Binding) -> ValidationIssue? {
        let required = binding.strength == "required"
        guard required || binding.strength == "extensible" else { return nil }
        let offered = offered(item)
        guard !offered.isEmpty || item.type == "CodeableConcept" else { return nil }
        let codes: Set<FHIRBindings.SystemCode>
        switch terminology.codes(of: binding.valueSet) {
        case .codes(let known)?:
            codes = known
        case .notCheckable(let why)?:
            return required && !offered.isEmpty
                ? ValidationIssue(
                    path: item.path, message: "not checked against \(binding.valueSet): \(why)", severity: .information)
                : nil
        case nil:
            return required && !offered.isEmpty
                ? ValidationIssue(
                    path: item.path, message: "not checked against \(binding.valueSet): it is not known here",
                    severity: .information) : nil
        }
        let severity: ValidationIssue.Severity = required ? .error : .warning
        let should = required ? "must" : "should"
        if offered.contains(where: { code in
            code.system.map { codes.contains(.init(system: $0, code: code.code)) }
                ?? codes.contains { $0.code == code.code }
        }) {
            return nil
        }
        switch (item.type, offered.first) {
        case ("CodeableConcept", nil):
            // Text alone says nothing a required binding can check: HL7's validator refuses it.
            return required
                ? ValidationIssue(
                    path: item.path, message: "no code given, and a code is required from \(binding.valueSet)")
                : nil
        case ("CodeableConcept", _):
            return ValidationIssue(
                path: item.path,
                message: "none of the codings is in the value set \(binding.valueSet), which one \(should) be from",
                severity: severity)
        case (_, let code?):
            let shown = code.system.map { "\($0)#\(code.code)" } ?? "'\(code.code)'"
            return ValidationIssue(
                path: item.path,
                message: "\(shown) is not in the value set \(binding.valueSet), which it \(should) be from",
                severity: severity)
        default:
            return nil
        }
    }

    /// The codes a value carries: a code alone, a Coding's or a Quantity's system and code,
    /// each coding of a CodeableConcept.
    private func offered(_ item: InstanceValue) -> [(system: String?, code: String)] {
        // Age, Duration, Count and Distance are Quantities: the release's model says which.
        let type = model.type(item.type, isA: "Quantity") ? "Quantity" : item.type
        switch type {
        case "code", "string", "uri":
            return item.value.stringValue.map { [(nil, $0)] } ?? []
        case "Coding", "Quantity":
            guard let code = item.value["code"]?.stringValue else { return [] }
            return [(item.value["system"]?.stringValue ?? "", code)]
        case "CodeableConcept":
            return (item.value["coding"]?.arrayValue ?? []).compactMap { coding in
                coding["code"]?.stringValue.map { (coding["system"]?.stringValue ?? "", $0) }
            }
        default:
            return []
        }
    }
}
