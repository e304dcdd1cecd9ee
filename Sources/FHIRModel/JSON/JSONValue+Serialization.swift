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

    /// Appends the compact form to `output`, for writers that assemble a document from parts.
    public func appendCompact(to output: inout [UInt8]) {
        write(to: &output, indent: nil, level: 0)
    }

    func write(to output: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            Self.writeContainer(
                count: elements.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &output, indent: indent,
                level: level
            ) {
                index, output in elements[index].write(to: &output, indent: indent, level: level + 1)
            }
        case .object(let object):
            Self.writeContainer(
                count: object.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &output, indent: indent,
                level: level
            ) {
                index, output in
                JSONValue.writeString(object.key(at: index), to: &output)
                output.append(contentsOf: indent == nil ? ":".utf8 : ": ".utf8)
                object.value(at: index).write(to: &output, indent: indent, level: level + 1)
            }
        }
    }

    private static func writeContainer(
        count: Int, open: UInt8, close: UInt8, to output: inout [UInt8], indent: Int?, level: Int,
        writeElement: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard count > 0 else { return output.append(close) }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(to: &output, indent: indent, level: level + 1)
            writeElement(index, &output)
        }
        newline(to: &output, indent: indent, level: level)
        output.append(close)
    }

    private static func newline(to output: inout [UInt8], indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Copies runs of plain bytes whole and escapes only what JSON requires: servers write
    /// every string of every answer through here.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == 0x22 || bytes[index] == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                writeEscaped(bytes[index], to: &output)
                plainStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
        case 0x0A: output.append(contentsOf: "\\n".utf8)
        case 0x0D: output.append(contentsOf: "\\r".utf8)
        case 0x09: output.append(contentsOf: "\\t".utf8)
        default:
            let hex = String(byte, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
    }
}
