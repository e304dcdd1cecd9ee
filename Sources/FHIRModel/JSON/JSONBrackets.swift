/// The brackets of JSON text as a person writes it, before it parses: how deep each `{` `[`
/// `}` `]` outside a string leaves it (an escaped quote does not end a string). What a pasted
/// body still needs, or where the body a sentence holds ends.
public enum JSONBrackets {
    /// Calls `visit` with each bracket's index and the depth after it, until `visit` says
    /// false; returns the depth and whether a string was still open where it stopped.
    @discardableResult
    public static func walk(_ text: Substring, _ visit: (Substring.Index, Int) -> Bool) -> (
        depth: Int, inString: Bool
    ) {
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
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            default: continue
            }
            if !visit(index, depth) { break }
        }
        return (depth, inString)
    }
}
