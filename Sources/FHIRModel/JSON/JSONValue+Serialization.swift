/// Writing JSON text back out, compact or indented, numbers exactly as they were read.
extension JSONValue {
    /// The compact form, as sent on the wire.
    public var compactText: String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, indent: nil, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// The indented form, for people and for files kept under version control.
    public var prettyText: String {
        String(decoding: prettyBytes, as: UTF8.self)
    }

    /// The indented form as UTF-8 bytes.
    public var prettyBytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output, indent: 2, level: 0)
        return output
    }

    /// The compact form as UTF-8 bytes.
    public var compactBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, indent: nil, level: 0)
        return output
    }

    func write(to output: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            Self.writeContainer(elements, open: "[", close: "]", to: &output, indent: indent, level: level) {
                element, output in element.write(to: &output, indent: indent, level: level + 1)
            }
        case .object(let object):
            Self.writeContainer(Array(object.members), open: "{", close: "}", to: &output, indent: indent, level: level)
            {
                member, output in
                JSONValue.writeString(member.0, to: &output)
                output.append(contentsOf: indent == nil ? ":".utf8 : ": ".utf8)
                member.1.write(to: &output, indent: indent, level: level + 1)
            }
        }
    }

    private static func writeContainer<Element>(
        _ elements: [Element], open: Character, close: Character, to output: inout [UInt8], indent: Int?, level: Int,
        writeElement: (Element, inout [UInt8]) -> Void
    ) {
        output.append(contentsOf: String(open).utf8)
        guard !elements.isEmpty else {
            output.append(contentsOf: String(close).utf8)
            return
        }
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            newline(to: &output, indent: indent, level: level + 1)
            writeElement(element, &output)
        }
        newline(to: &output, indent: indent, level: level)
        output.append(contentsOf: String(close).utf8)
    }

    private static func newline(to output: inout [UInt8], indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
