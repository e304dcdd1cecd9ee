import FHIRModel
import FHIRValidation

/// An extension's definition read against what an extension is: the `url` every use of it
/// carries is the definition's own canonical URL, so its `Extension.url` is fixed to nothing
/// else; and each element it may be used on (a context of type `element`) is a type, or an
/// element of one, that the release has.
struct ExtensionDefinitionRules {
    let model: FHIRTypeModel

    func issues(in definition: JSONValue, at path: String) -> [ValidationIssue] {
        guard definition["type"]?.stringValue == "Extension", definition["derivation"]?.stringValue == "constraint"
        else { return [] }
        return fixedURL(definition, at: path) + contexts(definition, at: path)
    }

    private func fixedURL(_ definition: JSONValue, at path: String) -> [ValidationIssue] {
        guard let url = definition["url"]?.stringValue else { return [] }
        let elements = definition["differential"]?["element"]?.arrayValue ?? []
        return elements.enumerated().compactMap { index, element in
            guard element["path"]?.stringValue == "Extension.url", element["sliceName"] == nil,
                let fixed = element["fixedUri"]?.stringValue, fixed != url
            else { return nil }
            return ValidationIssue(
                path: "\(path).differential.element[\(index)]",
                message: "Extension.url is fixed to \(fixed), but an extension's url is its definition's own, \(url)")
        }
    }

    /// A context naming a type the release does not have (an interface such as
    /// `CanonicalResource`, a logical model's) is left alone: only paths into known types are read.
    private func contexts(_ definition: JSONValue, at path: String) -> [ValidationIssue] {
        let differential = DifferentialPaths(model: model)
        return (definition["context"]?.arrayValue ?? []).enumerated().compactMap { index, context in
            guard context["type"]?.stringValue == "element", let expression = context["expression"]?.stringValue,
                let type = expression.split(separator: ".").first.map(String.init), model.knows(type),
                let problem = differential.problem(expression, in: type)
            else { return nil }
            return ValidationIssue(
                path: "\(path).context[\(index)]",
                message: "\(expression) is not an element an extension can be used on: \(problem)")
        }
    }
}
