extension JSONParser {
    /// Steps over a number, checking its syntax.
    mutating func scanNumber() throws(JSONSyntaxError) {
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("invalid number: expected a digit") }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let next = current, isDigit(next) else { throw error("invalid number: expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let next = current, isDigit(next) else { throw error("invalid number: expected an exponent") }
            skipDigits()
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    /// Steps over a string and adds its token, checking escapes and UTF-8 but making no
    /// String: most are never asked for.
    mutating func scanString() throws(JSONSyntaxError) {
        let quote = position
        let stop = plainASCIIEnd(from: quote + 1)
        let plain = stop < bytes.count && bytes[stop] == UInt8(ascii: "\"")
        if plain {
            position = stop + 1
        } else {
            // An escape, a byte beyond ASCII, a control character or the end: rare in FHIR,
            // and the full reading checks them and says what is wrong where.
            _ = try parseString()
        }
        var token = JSONToken(kind: .string, first: UInt32(quote + 1), second: UInt32(position - 1))
        token.isPlainASCII = plain
        tokens.append(token)
    }

    /// Where the run of printable ASCII other than quote and backslash starting at `start` ends.
    private func plainASCIIEnd(from start: Int) -> Int {
        var index = start
        // Eight bytes a step: strings are a JSON document's bulk, and most of a string's
        // bytes are plain.
        if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
            while index + 8 <= bytes.count {
                let stops = Self.stops(
                    in: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count, Self.isPlain(bytes[index]) { index += 1 }
        return index
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// The high bit of each byte of `word` (first byte lowest) that is not plain; only the
    /// lowest such bit is sure (a borrow can mark bytes above it), which is the one used.
    private static func stops(in word: UInt64) -> UInt64 {
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroInQuotes = (quotes &- ones) & ~quotes
        let zeroInBackslashes = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuotes | zeroInBackslashes | control | word) & highs
    }

    /// Reads the string starting at the quote under ``position`` into a String.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // the opening quote
        let start = position
        // Fast path: most FHIR strings have no escapes, and most are ASCII.
        var ascii = true
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character in a string; escape it") }
            ascii = ascii && byte < 0x80
            position += 1
        }
        guard let stop = current else { throw error("unterminated string") }
        let string: String?
        if stop == UInt8(ascii: "\\") {
            var utf8 = Array(bytes[start..<position])
            try parseEscapedTail(into: &utf8)
            string = String(validating: utf8, as: UTF8.self)
        } else {
            // Straight from the input: no copy, and short strings need no allocation at all;
            // ASCII needs no UTF-8 validation.
            let slice = bytes[start..<position]
            string = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        }
        position += 1  // the closing quote
        guard let string else { throw error("string is not valid UTF-8") }
        return string
    }

    private mutating func parseEscapedTail(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        while let byte = current, byte != UInt8(ascii: "\"") {
            guard byte >= 0x20 else { throw error("control character in a string; escape it") }
            position += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard let escape = current else { break }
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
            default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
        guard current != nil else { throw error("unterminated string") }
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        let high = try parseHexQuad()
        var scalarValue = high
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in a \\u escape") }
            position += 2
            let low = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
            scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        let digits: [UInt8] = position + 4 <= bytes.count ? Array(bytes[position..<position + 4]) : []
        // UInt32(_:radix:) would also take a sign, which JSON does not allow here.
        guard digits.count == 4, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape: expected four hex digits") }
        position += 4
        return value
    }
}
