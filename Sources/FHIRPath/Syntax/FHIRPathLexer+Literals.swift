extension FHIRPathLexer {
    /// A string or delimited identifier; the escapes are FHIRPath's (`\'`, `` \` ``, `\uXXXX`, …).
    mutating func quoted(by quote: Character) throws(FHIRPathError) -> String {
        let start = offset
        advance()
        var text = ""
        while let character = current {
            advance()
            if character == quote { return text }
            if character == "\\" {
                text.append(try escaped(at: offset - 1))
            } else {
                text.append(character)
            }
        }
        let what = quote == "'" ? "string" : "identifier"
        throw error("\(what) is not closed with \(quote)", at: start)
    }

    private mutating func escaped(at start: Int) throws(FHIRPathError) -> Character {
        guard let code = current else { throw error("escape \\ at the end of the expression", at: start) }
        advance()
        switch code {
        case "'", "\"", "`", "\\", "/": return code
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            var hex = ""
            for _ in 0..<4 {
                guard let digit = current, digit.isHexDigit else { break }
                hex.append(digit)
                advance()
            }
            guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw error("\\u needs four hexadecimal digits", at: start)
            }
            return Character(scalar)
        default:
            throw error("unknown escape \\\(code)", at: start)
        }
    }

    /// The text of a date, date-time or time literal after `@`: `2015-02-04T14:34:28.123+10:00`,
    /// `2015T`, `T14:34`. Whether the parts are valid is the value parser's business.
    mutating func dateTimeText(from start: Int) throws(FHIRPathError) -> String {
        var text = ""
        while let character = current, Self.isDateTimeCharacter(character, after: text, before: following) {
            text.append(character)
            advance()
        }
        guard !text.isEmpty else { throw error("expected a date or time after @", at: start) }
        return text
    }

    private static func isDateTimeCharacter(_ character: Character, after text: String, before next: Character?)
        -> Bool
    {
        if character.isASCII, character.isNumber { return true }
        switch character {
        case "-", ":", "T", "Z": return true
        // A fraction needs a digit before and after the point, so `@2015.is(Date)` ends at the point.
        case ".": return text.last?.isNumber == true && next?.isASCII == true && next?.isNumber == true
        case "+": return text.contains("T")
        default: return false
        }
    }
}
