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
        var (depth, inString, escaped) = (0, false, false)
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Set where Element == Character {
    fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}
