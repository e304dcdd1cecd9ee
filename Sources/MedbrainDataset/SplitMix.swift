/// A small, fast, seeded generator (SplitMix64): the same seed, the same numbers, on every
/// machine, which `SystemRandomNumberGenerator` does not promise. The fuzzer's inputs, a
/// student's seeded dataset and the tests' generated cases all follow from their seed alone.
public struct SplitMix: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when bound is 0).
    public mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// True once in `times` draws, on average.
    public mutating func oneIn(_ times: Int) -> Bool {
        below(times) == 0
    }
}
