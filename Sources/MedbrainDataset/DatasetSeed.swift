/// A student's own version of the built-in data (`lesson --seed WORD`): any word, such as a
/// number or the student's name, so an instructor can hand out seeds by name and make a
/// student's data again to help them. `default` is the dataset as written.
public struct DatasetSeed: Sendable, Hashable, CustomStringConvertible {
    /// The word as the student gave it.
    public let word: String

    /// Nil for an empty word; `default` (in any case) is the dataset as written.
    public init?(_ word: String) {
        let trimmed = String(word.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        self.word = trimmed
    }

    public var isDefault: Bool { word.lowercased() == "default" }

    public var description: String { word }

    /// The generator's start: FNV-1a over the word's bytes, the same on every machine
    /// (Swift's `Hasher` is seeded per process).
    var state: UInt64 {
        word.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
