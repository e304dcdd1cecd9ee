import Foundation

/// A student's own version of the built-in data (`lesson --seed TEXT`): any text, such as a
/// number or the student's full name, so an instructor can hand out seeds by name and make a
/// student's data again to help them. `default` is the dataset as written.
///
/// The text is hashed whole, spaces included: `alice smith` and `alice jones` are two students.
/// It is read in Unicode's composed form, so a name typed on a Mac (which may decompose `é`) gives
/// the same data as on Linux; only the spaces around it are dropped.
public struct DatasetSeed: Sendable, Hashable, CustomStringConvertible {
    /// The text as the student gave it, without the spaces around it.
    public let word: String

    /// Why a text is not a seed, said the same by `lesson --seed`, `MEDBRAIN_SEED` and `serve --seed`.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty, control, tooLong

        public var description: String {
            switch self {
            case .empty: "a seed needs some text, such as a number or your name"
            case .control: "a seed is text you can type: no tabs, line breaks or other control characters"
            case .tooLong: "a seed is at most \(DatasetSeed.maximumLength) characters"
            }
        }
    }

    public static let maximumLength = 200

    /// The seed of `text`, or why it is none.
    public static func parse(_ text: String) -> Result<DatasetSeed, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(.control)
        }
        guard trimmed.count <= maximumLength else { return .failure(.tooLong) }
        return .success(DatasetSeed(checked: trimmed))
    }

    /// Nil for text that is no seed (``parse(_:)`` says why); `default` (in any case) is the
    /// dataset as written.
    public init?(_ text: String) {
        guard case .success(let seed) = Self.parse(text) else { return nil }
        self = seed
    }

    private init(checked word: String) { self.word = word }

    public var isDefault: Bool { word.lowercased() == "default" }

    public var description: String { word }

    /// The generator's start: FNV-1a over the text's bytes, the same on every machine
    /// (Swift's `Hasher` is seeded per process).
    var state: UInt64 {
        word.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
