import FHIRModel
import FHIRValidation

/// One value of a resource as a profile's element is checked on it: the JSON, its FHIR type,
/// the member it was found under and its FHIRPath location.
struct InstanceValue {
    let value: JSONValue
    /// The `_name` sibling of a primitive: its `id` and extensions.
    let extras: JSONValue?
    let type: String
    /// The JSON member's name (`valueQuantity`), the element it is (`value`), and the type that
    /// has the element (`Observation`, `Observation.component`); nil at the top.
    let member: String
    let element: String
    var owner: String? = nil
    let path: String
    private(set) var place: Place

    /// The resources around a value, as FHIRPath's `%resource` and `%rootResource` name them
    /// (as HL7's validator sets them): a resource inside another (contained, a Bundle's entry)
    /// is, as an element, in the one around it; its own elements are in it, with a container
    /// as the root (a Bundle is no container); checked against a profile of its own, it is the
    /// resource (``asProfileRoot``).
    struct Place {
        let resource: JSONValue
        let root: JSONValue
        /// Where `resource` lies.
        let path: String
    }

    /// A resource, or a datatype checked on its own, at the top.
    init(root value: JSONValue, type: String, path: String? = nil) {
        self.init(
            value: value, extras: nil, type: type, member: type, element: type, path: path ?? type,
            place: Place(resource: value, root: value, path: path ?? type))
    }

    init(
        value: JSONValue, extras: JSONValue?, type: String, member: String, element: String, path: String,
        place: Place
    ) {
        (self.value, self.extras, self.type, self.member) = (value, extras, type, member)
        (self.element, self.path, self.place) = (element, path, place)
    }

    /// The resource the value lies in, and where.
    var resource: JSONValue { place.resource }
    var resourcePath: String { place.path }

    /// This value as the root of a profile's check: a resource is then `%resource` itself.
    var asProfileRoot: InstanceValue {
        guard value["resourceType"] != nil else { return self }
        var root = self
        root.place = inner
        return root
    }

    /// The place of this value's own elements.
    private var inner: Place {
        guard value["resourceType"] != nil else { return place }
        return Place(resource: value, root: member == "contained" ? place.root : value, path: path)
    }

    /// Whether the element is a choice this value is one type of (`valueQuantity`).
    var isChoice: Bool { member != element }

    /// The values of the member a profile's element names (`category`, or `value[x]` for any
    /// `value` choice), each item of an array apart, with their types from the model.
    func members(named name: String, model: FHIRTypeModel) -> [InstanceValue] {
        let object = value.objectValue ?? extras?.objectValue ?? JSONObject()
        let stem = name.hasSuffix("[x]") ? String(name.dropLast(3)) : nil
        var found: [InstanceValue] = []
        var seen: Set<String> = []
        for (key, _) in object.members {
            let own = key.hasPrefix("_") ? String(key.dropFirst()) : key
            guard own != "resourceType", !seen.contains(own) else { continue }
            if let stem {
                guard own.hasPrefix(stem), own.dropFirst(stem.count).first?.isUppercase == true else { continue }
            } else if own != name {
                continue
            }
            seen.insert(own)
            found += items(of: own, in: object, model: model)
        }
        return found
    }

    /// Each item of the member `key`, paired with its `_key` item.
    private func items(of key: String, in object: JSONObject, model: FHIRTypeModel) -> [InstanceValue] {
        guard let member = model.member(key, of: type) else { return [] }
        let value = object[key] ?? .null
        let extras = object["_\(key)"]
        let path = "\(self.path).\(key)"
        let list = value.arrayValue ?? extras?.arrayValue.map { Array(repeating: JSONValue.null, count: $0.count) }
        guard let list else { return [item(value, extras, key, member, path)] }
        let extraList = extras?.arrayValue ?? []
        return list.enumerated().map { index, item in
            let extra = index < extraList.count && extraList[index] != .null ? extraList[index] : nil
            return self.item(item, extra, key, member, "\(path)[\(index)]")
        }
    }

    private func item(
        _ value: JSONValue, _ extras: JSONValue?, _ key: String, _ member: (element: String, type: String),
        _ path: String
    ) -> InstanceValue {
        // A resource inside another (`contained`, a Bundle's entry) is its own type.
        var item: InstanceValue
        if let type = value["resourceType"]?.stringValue {
            item = InstanceValue(
                value: value, extras: nil, type: type, member: key, element: member.element, path: path, place: inner)
        } else {
            item = InstanceValue(
                value: value, extras: extras, type: member.type, member: key, element: member.element, path: path,
                place: inner)
        }
        item.owner = type
        return item
    }
}
