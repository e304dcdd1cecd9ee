/// Parses JSON text without losing number precision or member order, into a ``JSONTape``
/// (and from that, when asked, a ``JSONValue`` tree).
///
/// Written by hand because Foundation's parsers turn `1.50` into `1.5`, which FHIR forbids
/// (decimal precision is significant).
public struct JSONParser {
    /// Nesting deeper than this is refused so hostile input cannot exhaust the stack.
    public static let maximumDepth = 256

    /// The document, in memory its owner (the tape being made, or read) keeps alive while
    /// the parser reads it.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0
    var tokens = TokenList()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document; anything but white space after the value is an error.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try JSONTape(parsing: bytes).value(at: 0)
    }

    /// Parses a document held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Fills ``tokens`` from the whole of ``bytes``.
    mutating func parseDocument() throws(JSONSyntaxError) {
        // Token positions are 32 bits; FHIR's own limits are far below.
        guard bytes.count < Int(UInt32.max) else { throw error("documents of 4 GiB or more are not read") }
        tokens = TokenList(forDocumentOf: bytes.count)
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            throw error("unexpected text after the end of the document")
        }
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        // Most values follow their colon or comma directly: one look, no loop.
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "t"): try parseLiteral("true", .true)
        case UInt8(ascii: "f"): try parseLiteral("false", .false)
        case UInt8(ascii: "n"): try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = position
            try scanNumber()
            tokens.append(JSONToken(kind: .number, first: UInt32(start), second: UInt32(position)))
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private mutating func parseLiteral(_ word: String, _ kind: JSONToken.Kind) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("invalid literal, expected '\(word)'") }
            position += 1
        }
        tokens.append(JSONToken(kind: kind, first: 0, second: 0))
    }

    /// Opens an array or object: its token, completed by ``close(_:count:)``.
    private mutating func enterContainer(_ kind: JSONToken.Kind) throws(JSONSyntaxError) -> Int {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        tokens.append(JSONToken(kind: kind, first: 0, second: 0))
        return tokens.count - 1
    }

    private mutating func close(_ container: Int, count: Int) {
        depth -= 1
        tokens[container].first = UInt32(count)
        tokens[container].second = UInt32(tokens.count)
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        let object = try enterContainer(.object)
        var count = 0
        if current == UInt8(ascii: "}") {
            position += 1
            return close(object, count: 0)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let nameStart = position
            try scanString()
            let key = tokens.count - 1
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after member name \"\(memberName(from: nameStart))\"")
            }
            position += 1
            skipWhitespace()
            if isDuplicate(key, in: object) {
                throw error("duplicate member \"\(memberName(from: nameStart))\"")
            }
            try parseValue()
            count += 1
            skipWhitespace()
            if try closes(UInt8(ascii: "}"), in: "object") { break }
        }
        close(object, count: count)
    }

    /// Whether an earlier member of the object opened at `object` has the name at `key`.
    private func isDuplicate(_ key: Int, in object: Int) -> Bool {
        var earlier = object + 1
        while earlier < key {
            if sameName(earlier, key) { return true }
            let value = earlier + 1
            earlier = tokens[value].isContainer ? Int(tokens[value].second) : value + 1
        }
        return false
    }

    /// Compared as Strings unless both are plain ASCII, so names equal as Swift strings are
    /// duplicates however they were written.
    private func sameName(_ left: Int, _ right: Int) -> Bool {
        let (a, b) = (tokens[left], tokens[right])
        guard a.isPlainASCII, b.isPlainASCII else {
            return memberName(from: Int(a.first) - 1) == memberName(from: Int(b.first) - 1)
        }
        // Most names differ in length, told at once; a byte loop found that only at the end.
        return a.second - a.first == b.second - b.first && bytes[a.range].elementsEqual(bytes[b.range])
    }

    private func memberName(from quote: Int) -> String {
        var parser = JSONParser(bytes: bytes)
        parser.position = quote
        return (try? parser.parseString()) ?? ""
    }

    private mutating func parseArray() throws(JSONSyntaxError) {
        let array = try enterContainer(.array)
        var count = 0
        if current == UInt8(ascii: "]") {
            position += 1
            return close(array, count: 0)
        }
        while true {
            try parseValue()
            count += 1
            skipWhitespace()
            if try closes(UInt8(ascii: "]"), in: "array") { break }
        }
        close(array, count: count)
    }

    /// Consumes a ',' (returning false) or the closing bracket (returning true).
    private mutating func closes(_ closing: UInt8, in container: String) throws(JSONSyntaxError) -> Bool {
        switch current {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return false
        case closing:
            position += 1
            return true
        case nil:
            throw error("unexpected end of input inside an \(container)")
        case let byte?:
            throw error(
                "unexpected character \(describe(byte)) in an \(container), expected ',' or '\(Character(Unicode.Scalar(closing)))'"
            )
        }
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
