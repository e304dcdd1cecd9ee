/// The strings one ``JSONTape/value(at:)`` tree shares: each member name, and each value of a
/// `resourceType`, made once however often it occurs.
///
/// A Bundle of a hundred thousand administrations spells `effectiveDateTime` and
/// `MedicationAdministration` a hundred thousand times; Swift keeps strings of more than 15
/// bytes on the heap, so without sharing each is an allocation of its own, and reading every
/// resource's type (FHIRPath's `entry.resource.status`) touches a hundred thousand places.
struct TapeStrings {
    private let view: TapeView
    private var made: [Key: String] = [:]

    init(view: TapeView) { self.view = view }

    /// The string at `index`: a shared one when it is plain ASCII and too long to be stored
    /// inline, otherwise made as usual.
    mutating func string(at index: Int) -> String {
        let token = view.tokens[index]
        guard token.isPlainASCII, token.second - token.first > 15, let base = view.bytes.baseAddress else {
            return view.string(at: index)
        }
        let key = Key(bytes: UnsafeRawBufferPointer(start: base + Int(token.first), count: token.range.count))
        if let string = made[key] { return string }
        let string = view.string(at: index)
        made[key] = string
        return string
    }

    /// Bytes of the tape, compared and hashed by content; valid while the tape lives, which
    /// outlasts every ``TapeStrings``.
    private struct Key: Hashable {
        let bytes: UnsafeRawBufferPointer

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.bytes.elementsEqual(rhs.bytes) }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }
    }
}
