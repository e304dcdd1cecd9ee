import FHIRModel
import Foundation

@testable import FHIRPath

/// Runs one case of the official suite and says why it failed, or nil when it passed.
struct OfficialSuiteRunner {
    let suite: OfficialSuite

    func failure(of testCase: OfficialSuite.Case) -> String? {
        let result: [FHIRPathValue]
        do {
            let expression = try FHIRPathExpression(testCase.expression)
            if let data = try suite.input(of: testCase) {
                let resource = try JSONParser.parse(Array(data))
                result = try expression.evaluate(on: resource)
            } else {
                result = try expression.evaluate(on: [], resource: nil)
            }
        } catch let error as FHIRPathError {
            return testCase.invalid == nil ? "unexpected error: \(error)" : nil
        } catch {
            return "input could not be read: \(error)"
        }
        if let invalid = testCase.invalid { return "expected a \(invalid) error, got \(describe(result))" }
        let actual = testCase.predicate ? predicate(result) : result
        guard actual.count == testCase.outputs.count else {
            return "expected \(testCase.outputs.count) items, got \(describe(actual))"
        }
        for (item, expected) in zip(actual, testCase.outputs) where !matches(item, expected) {
            return "expected \(expected.type ?? "?") \(expected.text), got \(describe(actual))"
        }
        return nil
    }

    /// `predicate="true"`: the result as one boolean (a single boolean as itself, otherwise whether there is any).
    private func predicate(_ result: [FHIRPathValue]) -> [FHIRPathValue] {
        if result.count == 1, case .boolean = result[0].systemValue { return result }
        return [.boolean(!result.isEmpty)]
    }

    private func matches(_ item: FHIRPathValue, _ expected: (type: String?, text: String)) -> Bool {
        if let type = expected.type, type != item.typeName { return false }
        let text = Self.literalText(item)
        if text == expected.text { return true }
        // A date-time the suite writes at another kind (`@2014-01-01` for a DateTime cut to the
        // day) passes when FHIRPath's `=` says the two are equal.
        if case .dateTime(let value) = item.systemValue, expected.text.hasPrefix("@"),
            let wanted = FHIRPathDateTime(literal: String(expected.text.dropFirst())),
            FHIRPathDateTime.equal(value, wanted) == true
        {
            return true
        }
        // Decimals are compared by value where the suite writes a type ("1" for 2 / 2).
        if expected.type == "decimal", case .decimal(let value) = item.systemValue,
            let wanted = FHIRPathDecimal(text: expected.text)
        {
            return value.compare(to: wanted) == 0
        }
        return false
    }

    /// An item as the suite writes expected outputs: dates with `@`, times with `@T`, quantities with their unit.
    static func literalText(_ item: FHIRPathValue) -> String {
        switch item.systemValue {
        case .boolean(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .decimal(let value): value.text
        case .string(let text): text
        case .dateTime(let value): (value.kind == .time ? "@T" : "@") + value.text
        case .quantity(let value): value.text
        case .element(let element): element.json.compactText
        }
    }

    private func describe(_ result: [FHIRPathValue]) -> String {
        "[" + result.map { "\($0.typeName) \(Self.literalText($0))" }.joined(separator: ", ") + "]"
    }
}
