import FHIRModel

/// A number or quantity search value such as `ge5.4|http://unitsofmeasure.org|mg`: a prefix,
/// the number, and for a quantity the system and code it must carry.
///
/// As the specification reads a number, its precision is implied: `100` is any value from 99.5
/// up to 100.5, `100.00` one from 99.995 up to 100.005; `ap` allows ten per cent either way.
struct NumberMatch: Sendable {
    let prefix: String
    let number: Double
    /// Half a unit of the last digit written.
    let halfUnit: Double
    let system: String?
    let code: String?

    init?(_ query: String, quantity: Bool) {
        let head = String(query.prefix(2))
        let hasPrefix = DateMatch.prefixes.contains(head)
        let rest = hasPrefix ? String(query.dropFirst(2)) : query
        let parts = rest.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || (quantity && parts.count == 3), let number = Double(parts[0]),
            parts[0].allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "E" || $0 == "+" })
        else { return nil }
        prefix = hasPrefix ? head : "eq"
        self.number = number
        halfUnit = Self.halfUnit(of: parts[0])
        (system, code) =
            parts.count == 3 ? (parts[1].isEmpty ? nil : parts[1], parts[2].isEmpty ? nil : parts[2]) : (nil, nil)
    }

    private static func halfUnit(of text: String) -> Double {
        let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
        guard let dot = mantissa.firstIndex(of: ".") else { return 0.5 }
        let decimals = mantissa.distance(from: dot, to: mantissa.endIndex) - 1
        var unit = 0.5
        for _ in 0..<decimals { unit /= 10 }
        return unit
    }

    func matches(_ value: JSONValue) -> Bool {
        if case .number(let text) = value, let found = Double(text) { return compare(found) }
        guard case .number(let text) = value["value"] ?? .null, let found = Double(text) else { return false }
        if let system, value["system"]?.stringValue != system { return false }
        if let code, value["code"]?.stringValue != code, system != nil || value["unit"]?.stringValue != code {
            return false
        }
        return compare(found)
    }

    private func compare(_ found: Double) -> Bool {
        switch prefix {
        case "ne": return !(found >= number - halfUnit && found < number + halfUnit)
        case "gt", "sa": return found > number
        case "lt", "eb": return found < number
        case "ge": return found >= number
        case "le": return found <= number
        case "ap": return abs(found - number) <= max(abs(number) * 0.1, halfUnit)
        default: return found >= number - halfUnit && found < number + halfUnit
        }
    }
}
