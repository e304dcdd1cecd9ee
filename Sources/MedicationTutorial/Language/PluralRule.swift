/// One CLDR plural rule, such as `i = 1 and v = 0` (English and German "one").
///
/// Language files state their plural rules in CLDR's own syntax, so a translator copies
/// them from the CLDR charts and no Swift changes for a new language. Samples after `@`
/// are documentation and ignored.
public struct PluralRule: Sendable, Equatable {
    /// `operand [% modulus] (= | !=) ranges`
    struct Relation: Sendable, Equatable {
        var operand: Character
        var modulus: Double?
        var negated: Bool
        var ranges: [ClosedRange<Double>]
    }

    /// Relations joined by `and`, and those groups joined by `or`.
    let alternatives: [[Relation]]

    /// Whether a number with these operands falls under the rule.
    public func matches(_ operands: PluralOperands) -> Bool {
        alternatives.contains { group in group.allSatisfy { $0.holds(for: operands) } }
    }
}

extension PluralRule.Relation {
    func holds(for operands: PluralOperands) -> Bool {
        var value = operands.value(of: operand)
        if let modulus { value = value.truncatingRemainder(dividingBy: modulus) }
        // Ranges hold integers only: 1.5 is not "in 1..2".
        let inRanges = ranges.contains { range in
            range.lowerBound == range.upperBound
                ? value == range.lowerBound
                : value.rounded() == value && range.contains(value)
        }
        return inRanges != negated
    }
}

/// A plural category named by CLDR.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// A language's plural rules: the first category whose rule matches, else `other`.
public struct PluralRules: Sendable, Equatable {
    let rules: [(PluralCategory, PluralRule)]

    public init(_ rules: [(PluralCategory, PluralRule)]) { self.rules = rules }

    public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool {
        lhs.rules.map(\.0) == rhs.rules.map(\.0) && lhs.rules.map(\.1) == rhs.rules.map(\.1)
    }

    /// The category of a number written as `text`; text that is no number is `other`.
    public func category(of text: Substring) -> PluralCategory {
        guard let operands = PluralOperands(text) else { return .other }
        return rules.first { $0.1.matches(operands) }?.0 ?? .other
    }
}
