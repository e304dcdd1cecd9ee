import FHIRModel

/// Codes checked against the ValueSets their elements are bound to, as HL7's validator checks
/// them offline: a required binding's code outside its ValueSet is an error, an extensible
/// one's a warning, a preferred one is not checked; a ValueSet whose codes cannot be known
/// here (SNOMED CT, UCUM, BCP-47) is said to be not checked, never taken as kept.
struct BindingCheck {
    let model: FHIRTypeModel
    let table: CompiledBindings

    init(version: FHIRVersion) {
        model = version.release.model
        table = CompiledBindings.releases[version]
    }

    func issues(in resource: JSONValue, type: String) -> [ValidationIssue] {
        guard !table.isEmpty else { return [] }
        var found: [ValidationIssue] = []
        ElementWalk(model: model).visit(resource, type: type) { node in
            guard let element = node.element, let parent = node.parent,
                let binding = table.binding(of: element, in: parent), binding.strength != .preferred,
                let codes = table.codes(of: binding.valueSet)
            else { return }
            if let issue = check(node, binding, codes) { found.append(issue) }
        }
        return found
    }

    private func check(_ node: ElementWalk.Node, _ binding: FHIRBindings.Binding, _ codes: CompiledBindings.Codes)
        -> ValidationIssue?
    {
        let required = binding.strength == .required
        guard case .codes(let pairs, let plain) = codes else {
            guard required, case .notCheckable(let why) = codes, Self.coded(node) else { return nil }
            return ValidationIssue(
                path: node.path, message: "not checked against \(binding.valueSet): \(why)", severity: .information)
        }
        let severity: ValidationIssue.Severity = required ? .error : .warning
        let should = required ? "must" : "should"
        switch node.type {
        case "code", "string", "uri":
            guard let code = node.value.stringValue, !plain.contains(code) else { return nil }
            return ValidationIssue(
                path: node.path,
                message: "'\(code)' is not in the value set \(binding.valueSet), which it \(should) be from",
                severity: severity)
        case "Coding":
            guard let coding = Self.pair(node.value), !pairs.contains(coding) else { return nil }
            return ValidationIssue(
                path: node.path,
                message:
                    "\(coding.system)#\(coding.code) is not in the value set \(binding.valueSet), which it \(should) be from",
                severity: severity)
        case "CodeableConcept":
            let codings = (node.value["coding"]?.arrayValue ?? []).compactMap(Self.pair)
            guard !codings.contains(where: pairs.contains) else { return nil }
            if codings.isEmpty {
                // Text alone says nothing a required binding can check: HL7's validator refuses it.
                guard required else { return nil }
                return ValidationIssue(
                    path: node.path, message: "no code given, and a code is required from \(binding.valueSet)")
            }
            return ValidationIssue(
                path: node.path,
                message: "none of the codings is in the value set \(binding.valueSet), which one \(should) be from",
                severity: severity)
        default:
            return nil
        }
    }

    /// A Coding's system and code, when it has both.
    private static func pair(_ value: JSONValue) -> FHIRBindings.SystemCode? {
        guard let system = value["system"]?.stringValue, let code = value["code"]?.stringValue else { return nil }
        return FHIRBindings.SystemCode(system: system, code: code)
    }

    /// Whether the node carries a code to check at all.
    private static func coded(_ node: ElementWalk.Node) -> Bool {
        switch node.type {
        case "code", "string", "uri": node.value.stringValue != nil
        case "Coding": node.value["code"] != nil
        case "CodeableConcept": node.value["coding"] != nil
        default: false
        }
    }
}
