import Foundation

/// A URL's query as FHIR's searches write it: `name=value` pairs joined by `&`, in order,
/// a name may repeat. Shared by the server that reads requests and the workbook that
/// compares the requests a student sent.
public enum QueryString {
    /// Splits a query string (`a=1&b=x%20y`) into decoded pairs; `+` is a space, as in forms.
    /// A pair without `=` has the empty value.
    public static func parameters(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    /// The same, for an optional query (nil or empty: no parameters).
    public static func parameters(_ text: String?) -> [(name: String, value: String)] {
        guard let text else { return [] }
        return parameters(text[...])
    }

    private static func decoded(_ part: Substring) -> String {
        // Most parameters have nothing to decode; Foundation's decoding is costly per request.
        guard part.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(part)
        }
        return String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
    }
}
