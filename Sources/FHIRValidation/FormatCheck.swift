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
            expressions[type] = try? NSRegularExpression(pattern: "^(?:\(Self.asciiSpaces(pattern)))$")
        }
        self.expressions = expressions
    }

    /// The regexes are written for Java's, whose `\s` is the six ASCII spaces; ICU's is every
    /// Unicode space, and would refuse a name with an ideographic or no-break space (`[ \r\n\t\S]+`).
    static func asciiSpaces(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: "\\S", with: "[^ \\t\\n\\x0B\\f\\r]")
            .replacingOccurrences(of: "\\s", with: "[ \\t\\n\\x0B\\f\\r]")
    }

    /// The number of formats that could be read, for the test that every one is.
    var count: Int { expressions.count }

    /// Whether `text` (a string's value, or a number's JSON text) is in the format of `type`;
    /// a type without a format takes any text.
    func accepts(_ text: String, as type: String) -> Bool {
        guard let expression = expressions[type] else { return true }
        // An attachment's data runs to megabytes, past what ICU's backtracking matcher takes
        // (it gives up, and the value would be refused): the same rule, groups of four of
        // base64's letters with white space between, read directly.
        if type == "base64Binary" { return Self.isBase64(text) }
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [.anchored], range: whole) != nil
    }

    /// Base64 as FHIR writes it: the letters, digits, `+`, `/` and `=` padding at the end, in
    /// groups of four, white space allowed between.
    static func isBase64(_ text: String) -> Bool {
        var count = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            case UInt8(ascii: "="): padding += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard padding == 0 else { return false }
            default: return false
            }
            count += 1
        }
        return count > 0 && count % 4 == 0 && padding <= 2
    }
}
