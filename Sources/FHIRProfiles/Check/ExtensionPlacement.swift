import FHIRModel
import FHIRValidation

/// Where an extension may be used, as its definition says: on the elements and types its
/// contexts name, and as a modifier extension exactly when it is a modifier.
struct ExtensionPlacement {
    let model: FHIRTypeModel

    /// What is wrong with `item`, an extension defined by `definition`, where it is: held by
    /// `parent`.
    func issues(_ item: InstanceValue, in parent: InstanceValue, by definition: ProfileDefinition) -> [ValidationIssue]
    {
        var found: [ValidationIssue] = []
        let isModifier = definition.elements.contains { $0.id == "Extension" && $0.isModifier }
        if isModifier != (item.member == "modifierExtension") {
            found.append(
                ValidationIssue(
                    path: item.path,
                    message: isModifier
                        ? "\(definition.url) changes the meaning of what holds it, so it must be a modifierExtension"
                        : "\(definition.url) is not a modifier, so it must be an extension, not a modifierExtension"))
        }
        let contexts = definition.contexts
        guard !contexts.isEmpty, !contexts.contains(where: { allows($0, parent) }) else { return found }
        let named = contexts.map { "\($0.expression)" }.joined(separator: ", ")
        let place = parent.value["resourceType"] != nil ? parent.type : (elementPaths(parent).first ?? parent.type)
        found.append(
            ValidationIssue(
                path: item.path,
                message: "\(definition.url) may not be used on \(place): its definition allows it on \(named)"
            ))
        return found
    }

    /// Whether one context allows the extension on `parent`: an element by its path or its
    /// type (or a type it derives from: `Element` allows every element), another extension by
    /// its url; a FHIRPath context cannot be judged here and allows it.
    private func allows(_ context: (kind: String, expression: String), _ parent: InstanceValue) -> Bool {
        switch context.kind {
        case "extension":
            return parent.type == "Extension" && parent.value["url"]?.stringValue == context.expression
        case "element":
            let expression = context.expression
            // `Element` (and `Base`) allow an extension anywhere, as HL7's validator reads them.
            if expression == "Element" || expression == "Base" { return true }
            let first = String(expression.prefix { $0 != "." })
            // A type this release does not have (R5's `CanonicalResource` in R4) cannot be judged.
            guard model.knows(first) else { return true }
            if !expression.contains(".") {
                return model.type(parent.type, isA: expression) || implements(parent, expression)
            }
            let stem = expression.hasSuffix("[x]") ? String(expression.dropLast(3)) : nil
            return elementPaths(parent).contains { path in
                stem.map { path.hasPrefix($0) } ?? (path == expression)
            }
        default:
            return true
        }
    }

    /// Whether a resource takes the part of an interface (R5's `CanonicalResource` and
    /// `MetadataResource`): the release does not derive CodeSystem from them, it gives it their
    /// elements, so a resource with every element the interface defines is one of its kind.
    private func implements(_ parent: InstanceValue, _ interface: String) -> Bool {
        guard parent.value["resourceType"] != nil, model.isResource(interface),
            let base = model.types[interface]?.base
        else { return false }
        let own = model.elements(of: interface).keys.filter { model.element($0, of: base) == nil }
        return !own.isEmpty && own.allSatisfy { model.element($0, of: parent.type) != nil }
    }

    /// The element `parent` is, in the specification's words: the type that has it and its
    /// name, for that type and each type it derives from (`HumanName.family`; `Patient.meta`,
    /// `DomainResource.meta`, `Resource.meta`; `Patient.contact.name`), a choice by the name
    /// with its type (`Observation.valueQuantity`).
    private func elementPaths(_ parent: InstanceValue) -> [String] {
        guard let owner = parent.owner else { return [parent.type] }
        var paths: [String] = []
        var next: String? = owner
        while let type = next, paths.count < 16 {
            paths.append("\(type).\(parent.member)")
            next = model.types[type]?.base
        }
        return paths
    }
}
