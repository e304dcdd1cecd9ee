import MedbrainDataset

/// Makes new inputs from seed texts the way a mutation fuzzer does: flips, inserts, deletes,
/// repeats and splices of bytes, plus the characters each format treats specially. Seeded,
/// so a run can be repeated to the input that failed.
struct Mutator {
    private var random: SplitMix
    let seeds: [[UInt8]]
    /// Characters the parsers under test give a meaning: quotes, brackets, comments, markers.
    private static let special: [[UInt8]] = [
        "\"", "'", "{", "}", "[", "]", ":", ",", "#", "%", "?", ">", "@", "=", "\\", "\n", "\r\n", "\t", " ",
        "\\u0000", "\\ud800", "1e999999", "-0", "null", "[[[[[[[[[[[[[[[[", "medbrain> ", "...", "[..]", "[[x]]",
        "% step", "? ran", "\u{FEFF}", "é", "𝄞", "\u{0}", "\u{1B}[2J",
    ].map { Array($0.utf8) }

    init(seed: UInt64, seeds: [String]) {
        random = SplitMix(state: seed)
        self.seeds = seeds.map { Array($0.utf8) }
    }

    /// The next input: a seed with one to eight mutations.
    mutating func next() -> [UInt8] {
        var bytes = pick(seeds)
        for _ in 0..<(1 + random.below(8)) { mutate(&bytes) }
        return bytes
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let at = random.below(bytes.count + 1)
        switch random.below(7) {
        case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << random.below(8))
        case 1: bytes.insert(contentsOf: pick(Self.special), at: at)
        case 2 where !bytes.isEmpty:
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(32)))
        case 3 where !bytes.isEmpty:
            let start = random.below(bytes.count)
            let span = bytes[start..<min(bytes.count, start + 1 + random.below(64))]
            bytes.insert(contentsOf: Array(repeating: Array(span), count: 1 + random.below(16)).joined(), at: at)
        case 4:
            let other = pick(seeds)
            let start = random.below(other.count + 1)
            bytes.insert(contentsOf: other[start..<min(other.count, start + random.below(256))], at: at)
        case 5: bytes.insert(UInt8(truncatingIfNeeded: random.below(256)), at: at)
        default: bytes = Array(bytes.prefix(at))
        }
    }

    private mutating func pick(_ choices: [[UInt8]]) -> [UInt8] {
        choices.isEmpty ? [] : choices[random.below(choices.count)]
    }
}
