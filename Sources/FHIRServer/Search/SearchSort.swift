import FHIRModel

/// `_sort`: the order of a search's matches. R4 writes `_sort=-date,name` (a `-` for
/// descending); DSTU2 writes `_sort:desc=date` and repeats `_sort` for more keys. Both are
/// understood in both versions. Keys are search parameters of the type, or `_id` and
/// `_lastUpdated`; a resource without a value comes last either way, and ties keep the
/// store's order.
struct SearchSort: Sendable {
    struct Key: Sendable {
        /// nil for `_id` and `_lastUpdated`, which are the stored resource's own.
        let parameter: SearchParameter?
        let name: String
        let descending: Bool
    }

    private(set) var keys: [Key] = []

    /// Adds the keys of `_sort[:modifier]=value`; false when one is not a parameter of the type.
    mutating func add(modifier: String?, value: String, parameters: [SearchParameter]) -> Bool {
        guard modifier == nil || modifier == "asc" || modifier == "desc" else { return false }
        var added: [Key] = []
        for item in value.split(separator: ",") {
            let descending = item.hasPrefix("-") != (modifier == "desc")
            let name = String(item.drop { $0 == "-" })
            if name == "_id" || name == "_lastUpdated" {
                added.append(Key(parameter: nil, name: name, descending: descending))
            } else if let parameter = parameters.first(where: { $0.name == name }) {
                added.append(Key(parameter: parameter, name: name, descending: descending))
            } else {
                return false
            }
        }
        keys += added
        return !added.isEmpty
    }

    /// The matches in this order; each value is worked out once per resource.
    func sorted(_ matches: [StoredResource]) -> [StoredResource] {
        guard !keys.isEmpty else { return matches }
        let values = matches.map { stored in keys.map { value(of: $0, in: stored) } }
        let order = matches.indices.sorted { left, right in
            for (index, key) in keys.enumerated() {
                let (a, b) = (values[left][index], values[right][index])
                if a == b { continue }
                guard let a else { return false }
                guard let b else { return true }
                return key.descending ? b < a : a < b
            }
            return left < right
        }
        return order.map { matches[$0] }
    }

    /// What a resource sorts by for `key`: the lowest value ascending, the highest descending.
    private func value(of key: Key, in stored: StoredResource) -> SortValue? {
        guard let parameter = key.parameter else {
            return .text(key.name == "_id" ? stored.id : stored.lastUpdated)
        }
        let found = parameter.values(stored.json ?? .null).compactMap {
            SortValue($0, kind: parameter.kind, descending: key.descending)
        }
        return key.descending ? found.max() : found.min()
    }
}

/// One value to sort by: a moment for dates (and a number's value), else text compared without case.
enum SortValue: Comparable, Sendable {
    case moment(Double)
    case text(String)

    init?(_ value: JSONValue, kind: SearchParameter.Kind, descending: Bool) {
        switch kind {
        case .date:
            guard let span = DateMatch.span(of: value) else { return nil }
            self = .moment(descending ? span.end : span.start)
        case .reference:
            guard let text = value["reference"]?.stringValue ?? value.stringValue else { return nil }
            self = .text(text)
        case .string, .token, .uri:
            guard
                let text = value.stringValue ?? value["code"]?.stringValue ?? value["value"]?.stringValue
                    ?? value["family"]?.stringValue ?? value["text"]?.stringValue
            else { return nil }
            self = .text(text.lowercased())
        case .number, .quantity:
            // A number sorts by its value, as a moment does; a Quantity by its value's.
            guard case .number(let text) = value["value"] ?? value, let number = Double(text) else { return nil }
            self = .moment(number)
        case .composite, .special:
            return nil
        }
    }
}
