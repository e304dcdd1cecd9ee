import Foundation
import MedicationTutorial

/// Medbrain's figures for speed and memory, printed, never asserted:
///
///     medbrain-bench [RENDERS] [ADMINISTRATIONS]   instructions and grouping
///     medbrain-bench commands [RUNS]               each tutorial command vs its bare HTTP
///     medbrain-bench scale [ADMINISTRATIONS]       orders, administrations, group end to end
///     medbrain-bench decode [ADMINISTRATIONS] [FOLDER]
///                                                  decode + group of searchset pages, read
///                                                  one at a time from FOLDER (or a temporary one)
///     medbrain-bench decode-parts FOLDER            read, parse and decode of those pages apart,
///                                                  on one core
///     medbrain-bench fhirpath [ADMINISTRATIONS] [FILE]
///                                                  a FHIRPath expression over a Bundle of them,
///                                                  written to FILE (or a temporary one), and
///                                                  HL7's suite's expressions parsed + evaluated
///     medbrain-bench requirements [ADMINISTRATIONS] Tables 1–4 judged by their profiles, beside
///                                                  the same rows as FHIRPath
///     medbrain-bench doses [EXPANSIONS] [ORDERS]   a year of 3 a day expanded, beside its sentence;
///                                                  `schedule`'s work over ORDERS orders, beside theirs
///     medbrain-bench class [STUDENTS] [EVENTS]     a class's events reported over HTTP, then the
///                                                  grid, its rows refresh and the exports read,
///                                                  beside a student's patient page
///     medbrain-bench validate [ADMINISTRATIONS]    a Bundle of them validated, and one at a time,
///                                                  with the invariants and bindings and without
@main
enum BenchMain {
    static func main() async {
        do { try await run() } catch {
            print("bench: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let mode = arguments.first.flatMap { Int($0) == nil ? $0 : nil } ?? "tutorial"
        if mode != "tutorial" { arguments.removeFirst() }
        // decode's folder of pages, fhirpath's Bundle file: where another client reads them too.
        let folder = ["decode", "fhirpath"].contains(mode) && arguments.count > 1 ? arguments.remove(at: 1) : nil
        if mode == "decode-parts", let folder = arguments.first {
            for line in try DecodeParts(folder: folder).run() { print(line) }
            return
        }
        let numbers = arguments.map { Int($0) }
        guard numbers.allSatisfy({ ($0 ?? 0) > 0 }),
            ["tutorial", "commands", "scale", "decode", "fhirpath", "validate", "requirements", "doses", "class"]
                .contains(mode)
        else {
            print(
                "usage: medbrain-bench [commands|scale|decode|fhirpath|validate|requirements|doses|class] [NUMBERS]  (see Sources/MedbrainBench/BenchMain.swift)"
            )
            return
        }
        let first = numbers.first.flatMap { $0 }
        let second = numbers.dropFirst().first.flatMap { $0 }
        switch mode {
        case "commands":
            for line in await CommandsBenchmark(runs: first ?? 300).run() { print(line) }
        case "scale":
            let benchmark = ScaleBenchmark(served: first ?? 100_000, decoded: 0, pagesFolder: nil)
            for line in try await benchmark.endToEnd() { print(line) }
        case "decode":
            let benchmark = ScaleBenchmark(served: 0, decoded: first ?? 1_000_000, pagesFolder: folder)
            for line in try await benchmark.decodeAndGroup() { print(line) }
        case "fhirpath":
            for line in try FHIRPathBenchmark(administrations: first ?? 100_000, bundlePath: folder).run() {
                print(line)
            }
        case "validate":
            for line in ValidationBenchmark(administrations: first ?? 100_000).run() { print(line) }
        case "doses":
            for line in try DoseTimesBenchmark(expansions: first ?? 1_000, orders: second ?? 1_000).run() {
                print(line)
            }
        case "class":
            for line in try await ClassBenchmark(students: first ?? 30, events: second ?? 200).run() { print(line) }
        case "requirements":
            for line in try RequirementsBenchmark(administrations: first ?? 100_000).run() { print(line) }
        default:
            try tutorial(renders: first ?? 100_000, administrations: second ?? 1_000_000)
        }
        print("peak memory: \(peakResidentKilobytes().map { "\($0) KiB" } ?? "unknown")")
    }

    static func tutorial(renders: Int, administrations: Int) throws {
        let catalog = LanguageCatalog.standard()
        let clock = ContinuousClock()
        var loaded = catalog
        let loading = clock.measure { loaded = LanguageCatalog.standard() }
        print("languages: \(loaded.codes.joined(separator: ", ")) loaded in \(loading)")
        for line in try InstructionsBenchmark(renders: renders).run(catalog: catalog) { print(line) }
        for line in GroupingBenchmark(count: administrations).run() { print(line) }
    }

    /// VmHWM from /proc: the most memory the process has held.
    static func peakResidentKilobytes() -> Int? { statusKilobytes("VmHWM:") }

    /// VmRSS from /proc: the memory the process holds now.
    static func residentKilobytes() -> Int? { statusKilobytes("VmRSS:") }

    private static func statusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field) }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}
