import FHIRModel
import Foundation

/// How a value is compared with a profile's `fixed[x]` and `pattern[x]`, as the specification
/// defines them: a fixed value must be the value exactly; a pattern's every member must be in
/// the value (an array's every item in some item of the value's), and the value may hold more.
enum PatternMatch {
    static func matches(_ pattern: JSONValue, _ value: JSONValue) -> Bool {
        switch (pattern, value) {
        case (.object(let wanted), .object(let found)):
            return wanted.members.allSatisfy { key, part in
                found[key].map { matches(part, $0) } ?? false
            }
        case (.array(let wanted), .array(let found)):
            return wanted.allSatisfy { part in found.contains { matches(part, $0) } }
        case (.array(let wanted), _):
            // A single value where the pattern lists one: an element of at most one item.
            return wanted.allSatisfy { matches($0, value) }
        default:
            return same(pattern, value)
        }
    }

    /// Whether `value` is exactly `fixed`: primitives by their value (a decimal by its
    /// number, as `1.0` and `1.00` are one decimal), objects member by member in any order.
    static func isExactly(_ fixed: JSONValue, _ value: JSONValue) -> Bool {
        switch (fixed, value) {
        case (.object(let wanted), .object(let found)):
            return wanted.count == found.count
                && wanted.members.allSatisfy { key, part in found[key].map { isExactly(part, $0) } ?? false }
        case (.array(let wanted), .array(let found)):
            return wanted.count == found.count && zip(wanted, found).allSatisfy { isExactly($0, $1) }
        default:
            return same(fixed, value)
        }
    }

    /// Where `value` differs from `fixed`, each place with what is wrong there: a member the
    /// fixed value does not have, one it has that is missing or other.
    static func differences(_ fixed: JSONValue, _ value: JSONValue, at path: String) -> [(String, String)] {
        guard case .object(let wanted) = fixed, case .object(let found) = value else {
            return isExactly(fixed, value)
                ? [] : [(path, "requires exactly \(ProfileCheck.show(fixed)), found \(ProfileCheck.show(value))")]
        }
        var differences: [(String, String)] = []
        for (key, part) in found.members where wanted[key] == nil {
            differences.append(
                ("\(path).\(key)", "fixes the value here, and \(key) is not in it: \(ProfileCheck.show(part))"))
        }
        for (key, part) in wanted.members {
            differences += Self.differences(part, found[key] ?? .null, at: "\(path).\(key)")
        }
        return differences
    }

    private static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        // Decimals as decimals, not as doubles: `1.0` is `1.00`, never `1.0000000000000000001`.
        if case .number(let a) = left, case .number(let b) = right, let x = Decimal(string: a),
            let y = Decimal(string: b)
        {
            return x == y
        }
        return left == right
    }

    /// The values at a discriminator's path (`coding.code`, `url`, `$this`) inside `value`,
    /// arrays flattened; `value[x]` and `value` read any `value` choice.
    static func values(at path: [String], in value: JSONValue) -> [JSONValue] {
        var current = value.arrayValue ?? [value]
        for step in path {
            current = current.flatMap { item -> [JSONValue] in
                guard case .object(let object) = item else { return [] }
                let stem = step.hasSuffix("[x]") ? String(step.dropLast(3)) : step
                return object.members.flatMap { key, member -> [JSONValue] in
                    let fits =
                        key == stem || (key.hasPrefix(stem) && key.dropFirst(stem.count).first?.isUppercase == true)
                    return fits ? (member.arrayValue ?? [member]) : []
                }
            }
        }
        return current
    }
}
