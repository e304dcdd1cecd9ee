import FHIRModel
import Foundation

/// Whether a primitive's value is written in its type's format (`bad-id_1` is no `id`, `""`
/// no `string`), by the release's regular expressions, compiled once per release.
struct FormatCheck: Sendable {
    private let expressions: [String: NSRegularExpression]

    static let releases = PerRelease { FormatCheck(version: $0) }

    init(version: FHIRVersion) {
        var expressions: [String: NSRegularExpression] = [:]
        for (type, pattern) in version.release.primitiveFormats.patterns {
            // The tables are the specification's; one ICU cannot read would be a test's failure.
            expressions[type] = try? NSRegularExpression(pattern: "^(?:\(pattern))$")
        }
        self.expressions = expressions
    }

    /// The number of formats that could be read, for the test that every one is.
    var count: Int { expressions.count }

    /// Whether `text` (a string's value, or a number's JSON text) is in the format of `type`;
    /// a type without a format takes any text.
    func accepts(_ text: String, as type: String) -> Bool {
        guard let expression = expressions[type] else { return true }
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [.anchored], range: whole) != nil
    }
}
