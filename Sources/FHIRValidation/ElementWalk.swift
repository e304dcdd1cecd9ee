import FHIRModel
import FHIRPath

/// Every node of a resource, each with what a rule of the specification needs to know of it:
/// its FHIR type, the element it is and the type that has it, its FHIRPath location, and the
/// resources around it. The invariants and the bindings are checked on this walk.
///
/// Runs on a resource whose shape is already known good (``DefinedElements``), so every
/// member's type is the model's.
struct ElementWalk {
    /// One node: `Timing.repeat` reached as `repeat` of a `Timing`, at
    /// `MedicationRequest.dosageInstruction[0].timing.repeat`.
    struct Node {
        let value: JSONValue
        /// The `_name` sibling of a primitive (its `id` and extensions).
        let extras: JSONValue?
        let type: String
        /// The element's name (a choice without its type: `value`), and the type that has it;
        /// nil for the resource or datatype the walk starts at.
        let element: String?
        let parent: String?
        let path: String
        let place: Place
    }

    /// The resource a node lies in, and the one at the top, for `%resource` and `%rootResource`.
    struct Place {
        let resource: FHIRPathElement
        let root: FHIRPathElement
        let node: JSONNode
        /// Where the resource lies: the same for every node of one resource.
        let path: String
    }

    let model: FHIRTypeModel

    /// Calls `body` on `value`, a `type` (a resource type, or a datatype with no resource
    /// around it), and on every node below it, parents first.
    func visit(_ value: JSONValue, type: String, _ body: (Node) -> Void) {
        let element = FHIRPathElement(node: .tree(value), typeName: type)
        let place = Place(resource: element, root: element, node: .tree(value), path: type)
        visit(value, extras: nil, type: type, element: nil, of: nil, path: type, place: place, body)
    }

    private func visit(
        _ value: JSONValue, extras: JSONValue?, type: String, element: String?, of parent: String?, path: String,
        place: Place, _ body: (Node) -> Void
    ) {
        var place = place
        var type = type
        if case .object(let object) = value, model.isResource(type) || type == "Resource",
            let own = object["resourceType"]?.stringValue
        {
            // A resource inside another (contained, or a Bundle's entry) is `%resource` to its
            // own nodes; only a contained one keeps its container as `%rootResource`.
            type = own
            let here = FHIRPathElement(resource: value)
            place = Place(
                resource: here, root: element == "contained" ? place.root : here, node: .tree(value), path: path)
        }
        body(
            Node(value: value, extras: extras, type: type, element: element, parent: parent, path: path, place: place))
        if case .object(let object) = value {
            members(of: object, type: type, path: path, place: place, body)
        } else if case .object(let sibling)? = extras {
            // A primitive's `_name` holds its `id` and extensions, elements of its own, at its path.
            members(of: sibling, type: type, path: path, place: place, body)
        }
    }

    private func members(
        of object: JSONObject, type: String, path: String, place: Place, _ body: (Node) -> Void
    ) {
        for (key, child) in object.members where key != "resourceType" {
            // A primitive with only extensions has a `_name` and no `name`.
            let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
            if key.hasPrefix("_") && object[name] != nil { continue }
            guard let member = model.member(name, of: type) else { continue }
            let values = key.hasPrefix("_") ? JSONValue.null : child
            each(values, extras: object["_\(name)"], path: "\(path).\(name)") { item, extras, path in
                visit(
                    item, extras: extras, type: member.type, element: member.element, of: type, path: path,
                    place: place, body)
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
}
