import MedbrainDataset

/// The tests' seeded generator is the product's own SplitMix64, so a test that generates its
/// cases generates the same ones on every run (and a failure repeats).
public typealias SeededGenerator = SplitMix

extension SplitMix {
    public init(seed: UInt64) { self.init(state: seed) }
}
