import FHIRModel

/// References to resources that had no id of their own yet (`urn:uuid:…` in a transaction or
/// a loaded Bundle), replaced by the `Type/id` each was given.
enum Placeholders {
    /// `value` with every `reference` that names a key of `placeholders` replaced by its value.
    static func resolve(_ value: JSONValue, with placeholders: [String: String]) -> JSONValue {
        guard !placeholders.isEmpty else { return value }
        switch value {
        case .object(var object):
            for key in object.keys {
                if key == "reference", let text = object[key]?.stringValue, let real = placeholders[text] {
                    object[key] = .string(real)
                } else if let member = object[key] {
                    object[key] = resolve(member, with: placeholders)
                }
            }
            return .object(object)
        case .array(let elements): return .array(elements.map { resolve($0, with: placeholders) })
        default: return value
        }
    }
}
