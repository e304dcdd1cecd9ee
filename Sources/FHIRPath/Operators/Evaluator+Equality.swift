import FHIRModel

extension Evaluator {
    /// `=` on two collections: empty when either is empty, false when the counts differ,
    /// otherwise item by item in order (empty if any pair cannot tell).
    func equal(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) -> Bool? {
        guard !left.isEmpty, !right.isEmpty else { return nil }
        guard left.count == right.count else { return false }
        var unknown = false
        for (a, b) in zip(left, right) {
            switch itemsEqual(a, b) {
            case false?: return false
            case nil: unknown = true
            case true?: continue
            }
        }
        return unknown ? nil : true
    }

    /// `~` on two collections: both empty is true, and order does not matter.
    func equivalent(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) -> Bool {
        guard left.count == right.count else { return false }
        var unmatched = right
        for item in left {
            guard let index = unmatched.firstIndex(where: { itemsEquivalent(item, $0) }) else { return false }
            unmatched.remove(at: index)
        }
        return true
    }

    /// `=` on two items; nil when FHIRPath cannot tell (dates of different precision, units
    /// that do not compare).
    func itemsEqual(_ a: FHIRPathValue, _ b: FHIRPathValue) -> Bool? {
        // An element against a string, the most common test, without making a String of it.
        if case .element(let element) = a, case .string(let text) = b, let same = element.isString(text) { return same }
        if case .string(let text) = a, case .element(let element) = b, let same = element.isString(text) { return same }
        switch (a.systemValue, b.systemValue) {
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.dateTime(let x), .dateTime(let y)): return FHIRPathDateTime.equal(x, y)
        case (.dateTime(let x), .string(let y)), (.string(let y), .dateTime(let x)):
            return FHIRPathDateTime(parsing: y, kind: x.kind).flatMap { FHIRPathDateTime.equal(x, $0) } ?? false
        case (.quantity(let x), .quantity(let y)): return FHIRPathQuantity.equal(x, y)
        case (.element(let x), .element(let y)): return x.json == y.json && x.extras == y.extras
        case (let x, let y):
            guard let numbers = numericPair(x, y) else { return false }
            return numbers.0.compare(to: numbers.1) == 0
        }
    }

    /// `~` on two items: strings ignore case and spacing, decimals compare at the lesser precision.
    func itemsEquivalent(_ a: FHIRPathValue, _ b: FHIRPathValue) -> Bool {
        switch (a.systemValue, b.systemValue) {
        case (.string(let x), .string(let y)): return normalized(x) == normalized(y)
        case (.dateTime(let x), .dateTime(let y)): return FHIRPathDateTime.equivalent(x, y)
        case (.quantity(let x), .quantity(let y)): return FHIRPathQuantity.equivalent(x, y)
        case (.element(let x), .element(let y)): return jsonEquivalent(x.json, y.json)
        case (.decimal(let x), .decimal(let y)): return FHIRPathDecimal.equivalent(x, y)
        case (.decimal(let x), .integer(let y)), (.integer(let y), .decimal(let x)):
            return FHIRPathDecimal.equivalent(x, FHIRPathDecimal(y))
        default: return itemsEqual(a, b) ?? false
        }
    }

    /// Integers and decimals side by side, as decimals; nil unless both are numbers.
    func numericPair(_ x: FHIRPathValue, _ y: FHIRPathValue) -> (FHIRPathDecimal, FHIRPathDecimal)? {
        guard let left = decimal(of: x), let right = decimal(of: y) else { return nil }
        return (left, right)
    }

    func decimal(of value: FHIRPathValue) -> FHIRPathDecimal? {
        switch value.systemValue {
        case .integer(let int): FHIRPathDecimal(int)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    private func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func jsonEquivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return normalized(x) == normalized(y)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEquivalent($0, $1) }
        case (.object(let x), .object(let y)):
            let keys = x.keys.filter { $0 != "id" }
            return keys.count == y.keys.filter({ $0 != "id" }).count
                && keys.allSatisfy { key in y[key].map { jsonEquivalent(x[key] ?? .null, $0) } ?? false }
        default: return a == b
        }
    }
}
