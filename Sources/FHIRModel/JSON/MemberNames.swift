/// Which names the members of one tape object may have, as one bit per name picked by its
/// length and its first byte.
///
/// Models ask for many members an object lacks (a resource's `meta`, `text`, `identifier`,
/// the other forms of a choice): a clear bit answers "absent" without reading a name, where
/// looking costs a comparison with every member. A set bit only means "look".
struct MemberNames {
    private let bits: UInt64

    /// Every name possible: used where the names cannot be read cheaply.
    static let unknown = MemberNames(bits: .max)

    private init(bits: UInt64) { self.bits = bits }

    /// The names of the members of the object at `object`.
    init(of object: Int, in tape: TapeView) {
        var bits: UInt64 = 0
        var name = object + 1
        for _ in 0..<Int(tape.tokens[object].first) {
            let token = tape.tokens[name]
            // An escaped name is spelled otherwise in the bytes than when compared.
            guard token.isPlainASCII, token.second > token.first else {
                self.bits = .max
                return
            }
            let first = Int(token.first)
            bits |= Self.bit(length: Int(token.second) - first, first: tape.bytes[first])
            let value = tape.tokens[name + 1]
            name = value.isContainer ? Int(value.second) : name + 2
        }
        self.bits = bits
    }

    /// Whether a member named `prefix` followed by `suffix` may be there.
    func mayHave(_ prefix: String, _ suffix: String) -> Bool {
        // Subscripting, as `first` was not inlined and took a tenth of this function's time.
        let name = prefix.isEmpty ? suffix.utf8 : prefix.utf8
        guard !name.isEmpty else { return true }
        let first = name[name.startIndex]
        return bits & Self.bit(length: prefix.utf8.count + suffix.utf8.count, first: first) != 0
    }

    private static func bit(length: Int, first: UInt8) -> UInt64 {
        1 << UInt64((length &* 7 &+ Int(first)) & 63)
    }
}
