import FHIRModel
import Foundation

/// A narrative paragraph in the parts it is shown in: text, wrapped to the terminal, and JSON
/// bodies (`{"resourceType": …}`), each on a line of its own so that it can be pasted whole.
enum NarrativePart: Equatable {
    case text(String)
    case json(String)

    /// The paragraph split around each balanced `{…}` that starts with `{"`; a stop or comma
    /// right after a body is dropped (on a line of its own it would read as part of it).
    static func parts(of paragraph: String) -> [NarrativePart] {
        var parts: [NarrativePart] = []
        var rest = Substring(paragraph)
        while let start = rest.range(of: "{\"")?.lowerBound, let end = closing(rest[start...]) {
            let before = rest[..<start].trimmingCharacters(in: .whitespaces)
            if !before.isEmpty { parts.append(.text(before)) }
            parts.append(.json(String(rest[start...end])))
            rest = rest[rest.index(after: end)...]
            if let first = rest.first, ".,;".contains(first) { rest = rest.dropFirst() }
        }
        let after = rest.trimmingCharacters(in: .whitespaces)
        if !after.isEmpty { parts.append(.text(after)) }
        return parts
    }

    /// The index of the brace that closes the one `text` starts with, strings skipped.
    private static func closing(_ text: Substring) -> Substring.Index? {
        var found: Substring.Index?
        JSONBrackets.walk(text) { index, depth in
            if depth == 0 { found = index }
            return found == nil
        }
        return found
    }
}
