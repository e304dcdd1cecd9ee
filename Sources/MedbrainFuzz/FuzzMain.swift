import Foundation

/// `medbrain-fuzz [INPUTS] [SEED] [PARSER]`: feeds each parser (or those whose name starts
/// with PARSER: `FHIRPath` for the FHIRPath engine alone, `FHIR` for it and the JSON decoder)
/// INPUTS mutated inputs (default 1,000,000) made from the repository's own lessons,
/// transcripts and FHIR data and HL7's FHIRPath suite, and prints per parser the inputs run,
/// the time, the slowest input and the peak memory. The inputs follow from the seed alone, so
/// `medbrain-fuzz N SEED` repeats a run that crashed (with `MEDBRAIN_FUZZ_ECHO=1`, each input
/// is written to standard error before it runs).
@main
enum FuzzMain {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let inputs = Int(arguments.first ?? "1000000"), inputs > 0,
            let seed = UInt64(arguments.dropFirst().first ?? "1")
        else {
            print("usage: medbrain-fuzz [INPUTS] [SEED] [PARSER]  (positive numbers; a parser's name or its start)")
            exit(2)
        }
        let corpus = try Corpus.load(from: Corpus.root())
        let chosen = arguments.dropFirst(2).first
        let targets = corpus.targets.filter { chosen.map($0.name.hasPrefix) ?? true }
        guard !targets.isEmpty else {
            print("medbrain-fuzz: no parser is named \(chosen ?? ""); there are \(corpus.targets.map(\.name))")
            exit(2)
        }
        print("medbrain-fuzz: \(inputs) inputs per parser, seed \(seed); seeds: \(corpus.summary)")
        for target in targets {
            // Said first, so a crash's backtrace follows the name of the parser that crashed.
            print("\(target.name): running…")
            run(target, inputs: inputs, seed: seed)
        }
        print("peak memory: \(peakResidentKilobytes().map { "\($0 / 1024) MiB" } ?? "unknown")")
    }

    static func run(_ target: FuzzTarget, inputs: Int, seed: UInt64) {
        var mutator = Mutator(seed: seed, seeds: target.seeds)
        let clock = ContinuousClock()
        var slowest = (Duration.zero, 0)
        let started = clock.now
        // MEDBRAIN_FUZZ_ECHO=1 writes each input to standard error before it runs (unbuffered),
        // so the input a crash was running is the last one written.
        let echo = ProcessInfo.processInfo.environment["MEDBRAIN_FUZZ_ECHO"] == "1"
        for index in 0..<inputs {
            let input = mutator.next()
            if echo { FileHandle.standardError.write(Data(input + [UInt8(ascii: "\n")])) }
            let elapsed = clock.measure { target.run(input) }
            if elapsed > slowest.0 { slowest = (elapsed, input.count) }
            if (index + 1) % 250_000 == 0 { print("  \(index + 1) inputs") }
        }
        let total = clock.now - started
        print(
            "\(target.name): \(inputs) inputs in \(format(total)), slowest \(format(slowest.0)) "
                + "(\(slowest.1) bytes), no crash")
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds >= 1 ? String(format: "%.1f s", seconds) : String(format: "%.2f ms", seconds * 1000)
    }

    /// VmHWM from /proc: the most memory the process has held.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}
