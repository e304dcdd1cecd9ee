import FHIRModel
import FHIRValidation

extension ProfileCheck {
    /// One element definition's constraints on one value: its types and their profiles, a
    /// fixed or pattern value, a binding, its rules.
    mutating func apply(_ constraint: ElementConstraint, to item: InstanceValue, in tree: ProfileTree) {
        // A value of a type the profile does not allow is not judged by what it says of the
        // types it allows.
        guard types(constraint.types, of: item, in: tree) else { return }
        if let fixed = constraint.fixed {
            for (path, message) in PatternMatch.differences(fixed, item.value, at: item.path) {
                issues.append(ValidationIssue(path: path, message: "\(tree.name) \(message)"))
            }
        }
        if let pattern = constraint.pattern, !PatternMatch.matches(pattern, item.value) {
            issues.append(
                ValidationIssue(
                    path: item.path,
                    message:
                        "\(tree.name) requires a value that has \(Self.show(pattern)), found \(Self.show(item.value))"
                ))
        }
        bounds(constraint, of: item, in: tree)
        if let binding = constraint.binding, let issue = bound(item, binding) { issues.append(issue) }
        for rule in constraint.rules {
            if let issue = rules.issue(rule, on: item, model: model, version: resources.version, profile: tree.name) {
                issues.append(issue)
            }
        }
    }

    /// A value below the profile's `minValue[x]` or above its `maxValue[x]`, a string longer
    /// than its `maxLength`.
    private mutating func bounds(_ constraint: ElementConstraint, of item: InstanceValue, in tree: ProfileTree) {
        if let least = constraint.minValue,
            ValueBounds.compare(item.value, with: least, isMinimum: true, now: now) == .orderedAscending
        {
            issues.append(
                ValidationIssue(
                    path: item.path,
                    message: "\(tree.name) requires at least \(Self.show(least)), found \(Self.show(item.value))"))
        }
        if let most = constraint.maxValue,
            ValueBounds.compare(item.value, with: most, isMinimum: false, now: now) == .orderedDescending
        {
            issues.append(
                ValidationIssue(
                    path: item.path,
                    message: "\(tree.name) allows at most \(Self.show(most)), found \(Self.show(item.value))"))
        }
        if let length = constraint.maxLength, let text = item.value.stringValue, text.count > length {
            issues.append(
                ValidationIssue(
                    path: item.path, message: "\(tree.name) allows at most \(length) characters, found \(text.count)"))
        }
    }

    /// The types a profile allows the element, and the profiles of the type the value takes;
    /// false when the value's type is not allowed.
    private mutating func types(_ choices: [ElementConstraint.TypeChoice], of item: InstanceValue, in tree: ProfileTree)
        -> Bool
    {
        guard !choices.isEmpty else { return true }
        let taken = choices.first { $0.code == item.type } ?? choices.first { model.type(item.type, isA: $0.code) }
        guard let taken else {
            // Only a choice, or an element that holds any resource, can take a type the base
            // allows and the profile does not.
            if item.isChoice || item.value["resourceType"] != nil {
                issues.append(
                    ValidationIssue(
                        path: item.path,
                        message:
                            "\(tree.name) does not allow \(item.type) here; it allows \(choices.map(\.code).joined(separator: ", "))"
                    ))
                return false
            }
            return true
        }
        if !taken.profiles.isEmpty { conforms(item, toOneOf: taken.profiles, in: tree) }
        if item.type == "Reference", !taken.targetProfiles.isEmpty { target(of: item, in: taken.targetProfiles, tree) }
        return true
    }

    /// A value whose type names profiles must conform to one of them; what is wrong with it
    /// against the first is said when it conforms to none.
    private mutating func conforms(_ item: InstanceValue, toOneOf profiles: [String], in tree: ProfileTree) {
        var first: [ValidationIssue]?
        var unknown: [String] = []
        for url in profiles {
            guard let found = trial(item, against: url) else {
                unknown.append(url)
                continue
            }
            if !found.contains(where: \.isError) {
                issues += found
                return
            }
            first = first ?? found
        }
        if let first {
            issues += first
        } else if let url = unknown.first {
            var why = "unknown"
            if case .failure(let error) = self.tree(url) { why = error.description }
            issues.append(
                ValidationIssue(path: item.path, message: "not checked against \(url): \(why)", severity: .warning))
        }
    }

    /// A Reference to a resource of a type none of the target profiles constrains; a
    /// contained target must also conform to one of the profiles of its type.
    private mutating func target(of item: InstanceValue, in targets: [String], _ tree: ProfileTree) {
        let typed = targets.map { ($0, ProfileDefinition.coreType($0, in: model) ?? resources.profile($0)?.type) }
        let allowed = typed.compactMap(\.1)
        guard allowed.count == targets.count, !allowed.contains("Resource"),
            let type = item.value["reference"]?.stringValue.flatMap({ referredType($0, from: item) })
                ?? item.value["type"]?.stringValue
        else { return }
        guard allowed.contains(type) else {
            issues.append(
                ValidationIssue(
                    path: item.path,
                    message:
                        "refers to a \(type), but \(tree.name) allows only \(Set(allowed).sorted().joined(separator: ", ")) here"
                ))
            return
        }
        guard let reference = item.value["reference"]?.stringValue,
            let (index, contained) = containedTarget(reference, from: item)
        else { return }
        let profiles = typed.filter { $0.1 == type && ProfileDefinition.coreType($0.0, in: model) == nil }.map(\.0)
        guard !profiles.isEmpty else { return }
        let target = InstanceValue(
            value: contained, extras: nil, type: type, member: "contained", element: "contained",
            path: "\(item.resourcePath).contained[\(index)]", place: item.place)
        conforms(target, toOneOf: profiles, in: tree)
    }

    /// The contained resource `#id` names, and its place.
    private func containedTarget(_ reference: String, from item: InstanceValue) -> (Int, JSONValue)? {
        guard reference.hasPrefix("#"), let list = item.resource["contained"]?.arrayValue else { return nil }
        let id = String(reference.dropFirst())
        guard let index = list.firstIndex(where: { $0["id"]?.stringValue == id }) else { return nil }
        return (index, list[index])
    }

    /// The type of the resource a reference names: `Patient/1`, an absolute URL ending so,
    /// or `#id` of a contained resource.
    private func referredType(_ reference: String, from item: InstanceValue) -> String? {
        if reference.hasPrefix("#") {
            let id = String(reference.dropFirst())
            return item.resource["contained"]?.arrayValue?.first { $0["id"]?.stringValue == id }?["resourceType"]?
                .stringValue
        }
        var parts = reference.split(separator: "/").map(String.init)
        if parts.count >= 4, parts[parts.count - 2] == "_history" { parts.removeLast(2) }
        guard parts.count >= 2, model.isResource(parts[parts.count - 2]) else { return nil }
        return parts[parts.count - 2]
    }

    /// A value in JSON as messages show it, kept short.
    static func show(_ value: JSONValue) -> String {
        if value == .null { return "nothing" }
        let text = String(decoding: value.compactBytes, as: UTF8.self)
        return text.count > 160 ? String(text.prefix(157)) + "…" : text
    }
}
