import FHIRModel
import Foundation

extension PluralRule {
    /// Parses CLDR syntax: `condition = and_condition ('or' and_condition)*`,
    /// `and_condition = relation ('and' relation)*`, `relation = operand ['%' value] ('=' | '!=') range_list`.
    public init(parsing text: String) throws(PluralRuleError) {
        let condition = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = condition.trimmingSpaces()
        // An empty condition is CLDR's way of saying "every number", used for `other`.
        guard !trimmed.isEmpty else {
            alternatives = [[]]
            return
        }
        var groups: [[Relation]] = []
        for alternative in trimmed.components(separatedBy: " or ") {
            var group: [Relation] = []
            for relation in alternative.components(separatedBy: " and ") {
                group.append(try Relation(parsing: relation, in: text))
            }
            groups.append(group)
        }
        alternatives = groups
    }
}

extension PluralRule.Relation {
    init(parsing text: String, in rule: String) throws(PluralRuleError) {
        let negated = text.contains("!=")
        let sides = text.components(separatedBy: negated ? "!=" : "=")
        guard sides.count == 2 else { throw PluralRuleError(rule: rule, problem: "expected '=' or '!=' in '\(text)'") }
        let left = sides[0].split(separator: "%").map { $0.trimmingSpaces() }
        guard let name = left.first, name.count == 1, let operand = name.first, "nivwftce".contains(operand) else {
            throw PluralRuleError(rule: rule, problem: "unknown operand in '\(text)'")
        }
        var modulus: Double?
        if left.count == 2 {
            guard let value = Double(left[1]), value > 0 else {
                throw PluralRuleError(rule: rule, problem: "bad modulus in '\(text)'")
            }
            modulus = value
        }
        var ranges: [ClosedRange<Double>] = []
        for item in sides[1].split(separator: ",") {
            let bounds = item.components(separatedBy: "..").map { Double($0.trimmingSpaces()) }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, bounds.count <= 2, low <= high else {
                throw PluralRuleError(rule: rule, problem: "bad value or range '\(item)'")
            }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else { throw PluralRuleError(rule: rule, problem: "no values in '\(text)'") }
        self.init(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }
}

/// A plural rule in a language file that is not CLDR syntax.
public struct PluralRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let rule: String
    public let problem: String
    public var description: String { "plural rule '\(rule)': \(problem)" }
}
