import Foundation
import MedicationTutorial

/// `medbrain-bench [RENDERS] [ADMINISTRATIONS]`: Medbrain's figures for speed and memory,
/// printed, never asserted.
@main
enum BenchMain {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
        guard arguments.allSatisfy({ ($0 ?? 0) > 0 }) else {
            print("usage: medbrain-bench [RENDERS] [ADMINISTRATIONS]  (positive numbers)")
            return
        }
        let renders = arguments.first.flatMap { $0 } ?? 100_000
        let administrations = arguments.dropFirst().first.flatMap { $0 } ?? 1_000_000
        let catalog = LanguageCatalog.standard()
        let clock = ContinuousClock()
        var loaded = catalog
        let loading = clock.measure { loaded = LanguageCatalog.standard() }
        print("languages: \(loaded.codes.joined(separator: ", ")) loaded in \(loading)")
        for line in try InstructionsBenchmark(renders: renders).run(catalog: catalog) { print(line) }
        for line in GroupingBenchmark(count: administrations).run() { print(line) }
        print("peak memory: \(peakResidentKilobytes().map { "\($0) KiB" } ?? "unknown")")
    }

    /// VmHWM from /proc: the most memory the process has held.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}
