/// Query strings for the links of a search Bundle, encoded exactly as `URLComponents` encodes
/// query items (the same bytes kept, the rest as uppercase `%XX`), without building a
/// `URLComponents` and parsing the base URL for every page a server sends.
enum QueryEncoding {
    /// The ASCII bytes `URLComponents` leaves as they are in a query item's name or value.
    private static let kept: [Bool] = {
        var kept = [Bool](repeating: false, count: 128)
        for byte in "!$'()*+,-./0123456789:;?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8 {
            kept[Int(byte)] = true
        }
        return kept
    }()
    private static let hex = Array("0123456789ABCDEF".utf8)

    /// `name=value&name=value`, each part encoded.
    static func query(_ items: [(name: String, value: String)]) -> String {
        var bytes: [UInt8] = []
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            append(item.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            append(item.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if byte < 128, kept[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
    }
}
