/// Parses JSON text into a ``JSONValue`` without losing number precision or member order.
///
/// Written by hand because Foundation's parsers turn `1.50` into `1.5`, which FHIR forbids
/// (decimal precision is significant).
public struct JSONParser {
    /// Nesting deeper than this is refused so hostile input cannot exhaust the stack.
    public static let maximumDepth = 256

    let bytes: [UInt8]
    var position = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document; anything but white space after the value is an error.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            throw parser.error("unexpected text after the end of the document")
        }
        return value
    }

    /// Parses a document held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        for expected in word.utf8 {
            guard current == expected else { throw error("invalid literal, expected '\(word)'") }
            position += 1
        }
        return value
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var object = JSONObject()
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after member name \"\(key)\"") }
            position += 1
            skipWhitespace()
            if object.index(of: key) != nil { throw error("duplicate member \"\(key)\"") }
            object.append(key, try parseValue())
            skipWhitespace()
            if try closes(UInt8(ascii: "}"), in: "object") { break }
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            if try closes(UInt8(ascii: "]"), in: "array") { break }
        }
        depth -= 1
        return .array(elements)
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
