import FHIRModel

/// Every member of a resource is an element its release defines, read from the release's type
/// model: a server of one release that kept another release's elements (`wasNotGiven` in an
/// R4 MedicationAdministration) would teach that the other release's words are this one's.
///
/// Walks objects all the way down: backbone elements, datatypes, extensions, contained
/// resources (each by its own `resourceType`), and the `_name` siblings of primitives; on
/// each object it checks the elements' shapes too (``ElementShapes``: cardinality, one form of
/// a choice, the JSON kind of primitives).
struct DefinedElements {
    let model: FHIRTypeModel
    let version: FHIRVersion
    var shapes: ElementShapes { ElementShapes(model: model, formats: FormatCheck.releases[version]) }

    /// Problems with the members of `resource`, a `type`, each with its path.
    func issues(in resource: JSONObject, type: String) -> [ValidationIssue] {
        var found: [ValidationIssue] = []
        check(resource, type: type, path: type, isResource: true, into: &found)
        return found
    }

    /// Problems with `element`, a datatype (`Timing`, `Dosage`): members it does not define,
    /// their shapes, at any depth.
    func issues(inElement element: JSONObject, type: String) -> [ValidationIssue] {
        var found: [ValidationIssue] = []
        check(element, type: type, path: type, isResource: false, into: &found)
        return found
    }

    private func check(
        _ object: JSONObject, type: String, path: String, isResource: Bool, into found: inout [ValidationIssue]
    ) {
        found += shapes.issues(in: object, type: type, path: path)
        for (key, value) in object.members {
            if isResource, key == "resourceType" { continue }
            // DSTU2's JSON carried comments in `fhir_comments`, on any object.
            if version == .dstu2, key == "fhir_comments" { continue }
            let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
            guard let childType = model.member(name, of: type)?.type else {
                found.append(ValidationIssue(path: "\(path).\(key)", message: unknown(name, in: type)))
                continue
            }
            // A primitive's `_name` sibling holds its `id` and `extension`, an Element's; FHIRPath
            // places them on the primitive (`birthDate.extension[0]`), and so do the issues.
            let shape = key.hasPrefix("_") ? "Element" : childType
            visit(value, type: shape, path: "\(path).\(name)", into: &found)
        }
    }

    private func visit(
        _ value: JSONValue, type: String, path: String, inArray: Bool = false, into found: inout [ValidationIssue]
    ) {
        switch value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                visit(item, type: type, path: "\(path)[\(index)]", inArray: true, into: &found)
            }
        case .object(let object) where type == "Resource" || model.isResource(type):
            guard let own = object["resourceType"]?.stringValue, model.isResource(own) else {
                let stated = object["resourceType"]?.stringValue.map { "'\($0)'" } ?? "none"
                found.append(
                    ValidationIssue(
                        path: path, message: "resourceType \(stated) is not a resource type of \(version.displayName)"))
                return
            }
            check(object, type: own, path: path, isResource: true, into: &found)
        case .object(let object) where !model.isPrimitive(type):
            check(object, type: type, path: path, isResource: false, into: &found)
        case .null where inArray:
            // Aligns an array of primitives with its `_name` siblings.
            return
        case .null:
            found.append(ValidationIssue(path: path, message: "null is not a FHIR value; leave the element out"))
        default:
            if model.isPrimitive(type) {
                if let issue = shapes.primitiveIssue(value, type: type, path: path) { found.append(issue) }
            } else {
                found.append(
                    ValidationIssue(path: path, message: "expected an object (\(type)), found \(value.kindName)"))
            }
        }
    }

    private func unknown(_ name: String, in type: String) -> String {
        let release = version.displayName
        let note = Renaming.note(for: name, in: type, version: version).map { "; \($0)" } ?? ""
        return "not an element of \(release)'s \(type)\(note)"
    }
}
