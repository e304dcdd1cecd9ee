/// The little of ASN.1 DER that keys and ECDSA signatures are written in: a tag, a length, the
/// contents. Public keys travel as JWKs in SMART and as DER SubjectPublicKeyInfo to OpenSSL, and
/// an ES384 signature is two raw numbers in a JWT but a DER sequence to OpenSSL.
enum DER {
    static let integer: UInt8 = 0x02
    static let bitString: UInt8 = 0x03
    static let null: UInt8 = 0x05
    static let objectIdentifier: UInt8 = 0x06
    static let sequence: UInt8 = 0x30

    /// One element: its tag and contents.
    struct Element: Equatable {
        let tag: UInt8
        let contents: ArraySlice<UInt8>
    }

    /// Writes one element.
    static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        [tag] + length(contents.count) + contents
    }

    static func sequence(_ elements: [[UInt8]]) -> [UInt8] { element(sequence, elements.flatMap { $0 }) }

    /// An unsigned big-endian number as an INTEGER: no leading zeros but one to keep it positive.
    static func unsigned(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var digits = Array(bytes.drop { $0 == 0 })
        if digits.isEmpty || digits[0] & 0x80 != 0 { digits.insert(0, at: 0) }
        return element(integer, digits)
    }

    private static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// Reads the elements one after another in `bytes`; nil when they are not well formed.
    static func elements(_ bytes: ArraySlice<UInt8>) -> [Element]? {
        var found: [Element] = []
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex {
            guard bytes.endIndex - cursor >= 2 else { return nil }
            let tag = bytes[cursor]
            var count = Int(bytes[cursor + 1])
            cursor += 2
            if count & 0x80 != 0 {
                let width = count & 0x7F
                guard (1...3).contains(width), bytes.endIndex - cursor >= width else { return nil }
                count = bytes[cursor..<cursor + width].reduce(0) { $0 << 8 | Int($1) }
                cursor += width
            }
            guard bytes.endIndex - cursor >= count else { return nil }
            found.append(Element(tag: tag, contents: bytes[cursor..<cursor + count]))
            cursor += count
        }
        return found
    }

    /// The contents of a single element of `tag` that fills `bytes`.
    static func only(_ tag: UInt8, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let found = elements(bytes), found.count == 1, found[0].tag == tag else { return nil }
        return found[0].contents
    }

    /// An INTEGER's unsigned value as exactly `width` bytes, or nil when it does not fit.
    static func fixedWidth(_ integer: ArraySlice<UInt8>, _ width: Int) -> [UInt8]? {
        let digits = integer.drop { $0 == 0 }
        guard digits.count <= width else { return nil }
        return [UInt8](repeating: 0, count: width - digits.count) + digits
    }
}
