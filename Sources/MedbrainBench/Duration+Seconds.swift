extension Swift.Duration {
    /// The duration in seconds, for figures printed with a fraction.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds with one decimal, as the benchmarks print it.
    var millisecondsText: String {
        String(format: "%.1f", seconds * 1000)
    }
}
