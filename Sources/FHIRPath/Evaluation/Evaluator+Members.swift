import FHIRModel

extension Evaluator {
    /// A name in first position: the type of the input (`Patient.name` on a Patient) keeps the
    /// input; otherwise it is an element of each input item.
    func identifier(_ name: String, on focus: [FHIRPathValue]) throws(FHIRPathError) -> [FHIRPathValue] {
        if !focus.isEmpty, Self.startsUppercase(name) {
            let matching = focus.filter { isInstance($0, of: FHIRPathTypeSpecifier(namespace: nil, name: name)) }
            if !matching.isEmpty { return matching }
            if let model, model.isResource(name), focus.allSatisfy({ !hasMember(name, $0) }),
                !environment.unknownElementsAreEmpty
            {
                let actual = focus.first.map(\.typeName) ?? "nothing"
                throw FHIRPathError(
                    .semantic, "the input is \(article(actual)) \(actual), not \(article(name)) \(name)")
            }
        }
        return try members(name, of: focus)
    }

    /// The elements called `name` of every item, in order.
    func members(_ name: String, of items: [FHIRPathValue]) throws(FHIRPathError) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        // Most steps find about one element per item (`entry.resource`): room for that at
        // once, rather than growing a collection of a hundred thousand by doubling.
        result.reserveCapacity(items.count)
        // A name no item's type has is a mistake worth saying (`name.given1`); a name some
        // items' types have is not (`descendants().linkId` passes through many types).
        var unknownIn: String?
        var knownSomewhere = false
        for item in items {
            guard case .element(let element) = item else { continue }
            if let unknown = try children(named: name, of: element, into: &result) {
                unknownIn = unknownIn ?? unknown
            } else {
                knownSomewhere = true
            }
            try checkSize(result.count)
        }
        if let unknownIn, !knownSomewhere, !environment.unknownElementsAreEmpty {
            throw FHIRPathError(.semantic, unknownElement(name, of: unknownIn))
        }
        return result
    }

    /// Every element of an object (a choice by its FHIRPath name), or a primitive's `id` and
    /// `extension`; `resourceType` is not an element.
    func allChildren(of element: FHIRPathElement, into result: inout [FHIRPathValue]) throws(FHIRPathError) {
        guard element.node.isObject else {
            for key in element.extrasNode?.keys ?? [] { _ = try children(named: key, of: element, into: &result) }
            return
        }
        var names: [String] = []
        for key in element.node.keys where key != "resourceType" {
            var name = key.hasPrefix("_") ? String(key.dropFirst()) : key
            if let type = element.typeName, model?.element(name, of: type) == nil,
                let choice = choiceElement(spelled: name, in: type)
            {
                name = choice
            }
            if !names.contains(name) { names.append(name) }
        }
        for name in names { _ = try children(named: name, of: element, into: &result) }
    }

    private func hasMember(_ name: String, _ item: FHIRPathValue) -> Bool {
        guard case .element(let element) = item else { return false }
        return element.node[name] != nil
    }

    /// Appends the element's children called `name`; answers the element's type when the model
    /// knows that type and it has no such element (nil otherwise).
    private func children(named name: String, of element: FHIRPathElement, into result: inout [FHIRPathValue])
        throws(FHIRPathError) -> String?
    {
        let node = element.node
        guard node.isObject else {
            // A primitive's children are its `id` and `extension`, kept in the `_name` sibling.
            if let value = element.extrasNode?[name] {
                append(value, extras: nil, type: name == "extension" ? "Extension" : "string", to: &result)
            }
            return nil
        }
        let typeName = element.typeName
        let definition = typeName.flatMap { type in model.flatMap { lookups.element(name, of: type, in: $0) } }
        if definition == nil, let typeName, let choice = choiceElement(spelled: name, in: typeName) {
            let suffix = name.dropFirst(choice.count)
            let primitive = (suffix.first?.lowercased() ?? "") + suffix.dropFirst()
            let type = model?.isPrimitive(primitive) == true ? primitive : String(suffix)
            throw FHIRPathError(
                .semantic,
                "FHIRPath names the choice \(typeName).\(choice)[x] '\(choice)': write \(choice) or "
                    + "\(choice).ofType(\(type)), not \(name)")
        }
        let (value, extras) = node.element(name)
        if definition?.isChoice != true, value != nil || extras != nil {
            let type = definition?.types.first
            append(value ?? .null, extras: extras, type: type, to: &result)
            return nil
        }
        if definition?.isChoice == true || definition == nil {
            let found = choices(named: name, in: node, definition: definition)
            for (key, type) in found {
                let (value, extras) = node.element(key)
                append(value ?? .null, extras: extras, type: type, to: &result)
            }
            if !found.isEmpty || definition != nil { return nil }
        }
        if definition != nil { return nil }
        if let typeName, let model, model.knows(typeName), !name.hasPrefix("_") { return typeName }
        return nil
    }

    /// Whether a name starts with a capital letter (a type, `Patient`), without making a
    /// Character of an ASCII first letter.
    static func startsUppercase(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return name.first?.isUppercase == true
    }

    /// The choice element `name` spells with a type added (`value` for `valueQuantity`).
    func choiceElement(spelled name: String, in type: String) -> String? {
        model?.choice(spelled: name, in: type)
    }

    /// `valueQuantity` and `valueString` for `value`: keys that are `name` and a type's name.
    private func choices(named name: String, in node: JSONNode, definition: FHIRTypeModel.Element?)
        -> [(String, String)]
    {
        var found: [(String, String)] = []
        // A primitive choice with only extensions has a `_valueString` and no `valueString`.
        let extrasOnly = node.keys(extending: "_" + name).map { String($0.dropFirst()) }
        var keys = node.keys(extending: name)
        keys += extrasOnly.filter { !keys.contains($0) }
        for key in keys {
            let suffix = key.dropFirst(name.count)
            guard let first = suffix.first, first.isUppercase else { continue }
            let primitive = first.lowercased() + suffix.dropFirst()
            let type: String
            if let definition {
                guard let match = definition.type(spelledBy: suffix) else { continue }
                type = match
            } else {
                // Without a model for the data's version (DSTU2), R4's type names still tell
                // `medicationReference` (a choice) from `medicationStatus` (an element of its own).
                let names = model ?? FHIRVersion.r4.typeModel
                guard names.isPrimitive(primitive) || names.knows(String(suffix)) else { continue }
                type = names.isPrimitive(primitive) ? primitive : String(suffix)
            }
            found.append((key, type))
        }
        return found
    }

    /// Appends a member's value, one item per array entry, each with its `_name` extras.
    private func append(
        _ value: JSONNode, extras: JSONNode?, type: String?, to result: inout [FHIRPathValue]
    ) {
        if let values = value.items {
            if result.isEmpty { result.reserveCapacity(values.count) }
            let extraValues = extras?.items
            for (index, item) in values.enumerated() {
                let extra = extraValues.flatMap { index < $0.count && $0[index].isObject ? $0[index] : nil }
                if item.isNull, extra == nil { continue }
                result.append(.element(makeElement(item, extras: extra, type: type)))
            }
        } else if value.isNull, let extraValues = extras?.items {
            for extra in extraValues where extra.isObject {
                result.append(.element(makeElement(.null, extras: extra, type: type)))
            }
        } else {
            let extra = extras?.isObject == true ? extras : nil
            result.append(.element(makeElement(value, extras: extra, type: type)))
        }
    }

    /// An item of a member; a resource (in `contained`, `entry.resource`, or anywhere without a
    /// model) takes its type from its own `resourceType`, item by item.
    private func makeElement(_ node: JSONNode, extras: JSONNode?, type: String?) -> FHIRPathElement {
        // The length first: comparing unequal strings is a call, and this runs for every item.
        let isResource = type.map { $0.utf8.count == 8 && $0 == "Resource" } ?? true
        let ownType = isResource ? lookups.resourceType(of: node) ?? type : type
        return FHIRPathElement(node: node, extras: extras, typeName: ownType)
    }

    private func unknownElement(_ name: String, of type: String) -> String {
        let known = Set(elementNames(of: type))
        let near = known.filter { !$0.hasPrefix("_") }.min { $0.editDistance(to: name) < $1.editDistance(to: name) }
        let hint = near.map { $0.editDistance(to: name) <= 2 ? " (did you mean \($0)?)" : "" } ?? ""
        return "\(type) has no element '\(name)'\(hint)"
    }

    /// The elements of a type and its bases (for "did you mean").
    private func elementNames(of type: String) -> [String] {
        var names: [String] = []
        var next: String? = type
        while let current = next, let definition = model?.types[current], names.count < 1000 {
            names += definition.elements.keys
            next = definition.base
        }
        return names
    }

    func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }
}
