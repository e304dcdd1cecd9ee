import FHIRModel
import FHIRPath
import Foundation

/// One item of a result as the suite's `<output>` writes it: the type, and the value as a
/// FHIRPath literal (`@2014-01-01`, `@T10:30`, `1.5 'cm'`).
public struct SuiteItem: Sendable, Equatable {
    public let type: String?
    public let text: String

    public init(type: String?, text: String) {
        (self.type, self.text) = (type, text)
    }

    /// An item the engine gave, in process: as the text output writes it, but a date or time
    /// as its literal and an element as its JSON.
    public init(_ item: FHIRPathValue) {
        type = item.typeName
        text =
            switch item.systemValue {
            case .dateTime(let value): value.literal
            case .element(let element): element.json.compactText
            default: item.displayText
            }
    }

    /// An item as `medbrain fhirpath --format json` prints it: `{"type": …, "value": …}`, a
    /// Quantity with its unit (and UCUM's system when the unit is UCUM's), or an element's JSON.
    public init(json: JSONValue) {
        guard let type = json["type"]?.stringValue, let value = json["value"] else {
            (self.type, text) = (nil, json.compactText)
            return
        }
        self.type = type
        let written = value.stringValue ?? value.compactText
        switch type {
        case "date", "dateTime": text = "@" + written
        case "time": text = "@T" + written
        case "Quantity":
            let unit = json["unit"]?.stringValue ?? ""
            text = json["system"] == nil ? "\(written) \(unit)" : "\(written) '\(unit)'"
        default: text = written
        }
    }
}

/// Judges one case of the suite on what an evaluation gave, however it was run (in process or
/// through the command line): nil when the case passed, else why it failed.
public struct SuiteJudge: Sendable {
    public init() {}

    /// What an evaluation gave: its items, or that the expression was refused.
    public enum Outcome: Sendable {
        case items([SuiteItem])
        /// The expression failed (syntax, semantics or execution).
        case refused(String)
        /// The input could not be read; no case expects that.
        case unreadable(String)
    }

    public func failure(of testCase: OfficialSuite.Case, _ outcome: Outcome) -> String? {
        let result: [SuiteItem]
        switch outcome {
        case .unreadable(let why): return "input could not be read: \(why)"
        case .refused(let why): return testCase.invalid == nil ? "unexpected error: \(why)" : nil
        case .items(let items): result = items
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
    private func predicate(_ result: [SuiteItem]) -> [SuiteItem] {
        if result.count == 1, result[0].type == "boolean" { return result }
        return [SuiteItem(type: "boolean", text: result.isEmpty ? "false" : "true")]
    }

    private func matches(_ item: SuiteItem, _ expected: (type: String?, text: String)) -> Bool {
        if let type = expected.type, type != item.type { return false }
        if item.text == expected.text { return true }
        // A date-time the suite writes at another kind (`@2014-01-01` for a DateTime cut to the
        // day) passes when FHIRPath's `=` says the two are equal.
        if ["date", "dateTime", "time"].contains(item.type), item.text.hasPrefix("@"), expected.text.hasPrefix("@"),
            let value = FHIRPathDateTime(literal: String(item.text.dropFirst())),
            let wanted = FHIRPathDateTime(literal: String(expected.text.dropFirst())),
            FHIRPathDateTime.equal(value, wanted) == true
        {
            return true
        }
        // Decimals are compared by value where the suite writes a type ("1" for 2 / 2).
        if expected.type == "decimal", item.type == "decimal", let value = FHIRPathDecimal(text: item.text),
            let wanted = FHIRPathDecimal(text: expected.text)
        {
            return value.compare(to: wanted) == 0
        }
        return false
    }

    private func describe(_ result: [SuiteItem]) -> String {
        "[" + result.map { "\($0.type ?? "?") \($0.text)" }.joined(separator: ", ") + "]"
    }
}
