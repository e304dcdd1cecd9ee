import FHIRModel
import FHIRPath
import Foundation

/// FHIRPath's speed: one expression over a Bundle of many R4 administrations, the JSON parse
/// and the evaluation timed apart, and then every expression of HL7's R4 suite that has an
/// input file, parsed and evaluated on it.
///
/// The Bundle is written to a file first (`bundlePath`, or a temporary one) so that another
/// engine can evaluate the same expression on the very same bytes (`bench/run fhirpath` gives
/// it to fhirpathpy).
struct FHIRPathBenchmark {
    /// The expression timed on the Bundle; `bench/fhirpathpy_eval.py` evaluates the same.
    static let expression = "entry.resource.where(status = 'not-done').count()"

    /// Administrations in the Bundle.
    let administrations: Int
    /// Where to write the Bundle; nil writes it to a temporary file, removed afterwards.
    let bundlePath: String?
    /// Runs of the parse and of the evaluation; the median is printed.
    var runs = 5

    func run() throws -> [String] {
        let path =
            bundlePath
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-fhirpath-\(getpid()).json").path
        defer { if bundlePath == nil { try? FileManager.default.removeItem(atPath: path) } }
        let notDone = try writeBundle(to: path)
        var lines = try bundleFigures(path: path, notDone: notDone)
        lines += suiteFigures()
        return lines
    }

    /// Writes a `collection` Bundle of the administrations `scale` and `decode` use, one in
    /// eight of them `not-done`, and returns how many are.
    private func writeBundle(to path: String) throws -> Int {
        let pages = AdministrationPages(count: administrations, order: "ord-01")
        var bundle = FHIRModel.Bundle(type: "collection")
        var notDone = 0
        bundle.entry = (0..<administrations).map { index in
            var resource = pages.resource(index)
            if case .object(var object) = resource {
                object["status"] = .string(index % 8 == 0 ? "not-done" : "completed")
                resource = .object(object)
            }
            if index % 8 == 0 { notDone += 1 }
            return BundleEntry(
                fullUrl: "http://127.0.0.1:8080/fhir/MedicationAdministration/scale-\(index)", resource: resource)
        }
        try Data(bundle.json.compactBytes).write(to: URL(fileURLWithPath: path))
        return notDone
    }

    /// The Bundle read back as `medbrain fhirpath` reads a file, into a tape, and the
    /// expression evaluated on the tape: each the median of `runs`.
    private func bundleFigures(path: String, notDone: Int) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let clock = ContinuousClock()
        var tape: JSONTape?
        var parsing: [Swift.Duration] = []
        for _ in 0..<runs {
            tape = nil
            parsing.append(try clock.measure { tape = try JSONTape(parsing: bytes) })
        }
        let expression = try FHIRPathExpression(Self.expression)
        var result: [FHIRPathValue] = []
        var evaluating: [Swift.Duration] = []
        for _ in 0..<runs {
            evaluating.append(try clock.measure { result = try expression.evaluate(on: tape?.root) })
        }
        let count: String
        if result.count == 1, case .integer(let value) = result[0] {
            count = String(value)
        } else {
            count = "\(result)"
        }
        return [
            "fhirpath: Bundle of \(administrations) administrations, \(notDone) of them not-done, "
                + "\(bytes.count / 1_048_576) MiB in \(path)",
            "fhirpath: JSON parse \(Self.median(parsing).millisecondsText) ms (median of \(runs))",
            "fhirpath: \(Self.expression) = \(count), evaluated in \(Self.median(evaluating).millisecondsText) ms "
                + "(median of \(runs))",
        ]
    }

    /// Each suite expression that has an input file and evaluates without an error, parsed and
    /// evaluated over and over on its input (parsed once): the median over the expressions of
    /// the time one parse + evaluate takes.
    private func suiteFigures() -> [String] {
        guard let folder = SuiteExpressions.folder() else {
            return ["fhirpath: HL7's suite not found (set MEDBRAIN_FHIRPATH_SUITE); suite figures skipped"]
        }
        let cases: [SuiteExpressions.Case]
        do { cases = try SuiteExpressions.read(from: folder) } catch {
            return ["fhirpath: \(folder)/tests-fhir-r4.xml could not be read (\(error)); suite figures skipped"]
        }
        var inputs: [String: JSONValue?] = [:]
        let clock = ContinuousClock()
        var times: [(Swift.Duration, String)] = []
        var failing = 0
        let withInput = cases.filter { $0.inputFile != nil }
        for testCase in withInput {
            guard let file = testCase.inputFile else { continue }
            if inputs[file] == nil { inputs[file] = SuiteExpressions.input(named: file, in: folder) }
            guard let input = inputs[file] ?? nil else {
                failing += 1
                continue
            }
            let text = testCase.expression
            // Once first: those that throw are skipped, and the once is the calibration.
            let once: Swift.Duration
            do {
                once = try clock.measure { _ = try FHIRPathExpression(text).evaluate(on: input) }
            } catch {
                failing += 1
                continue
            }
            // Enough repetitions for about 2 ms, between 10 and 1,000.
            let repetitions = max(10, min(1000, Int(0.002 / max(once.seconds, 1e-9))))
            let total = clock.measure {
                for _ in 0..<repetitions { _ = try? FHIRPathExpression(text).evaluate(on: input) }
            }
            times.append((total / repetitions, text))
        }
        guard !times.isEmpty else { return ["fhirpath: no suite expression could be evaluated"] }
        let sorted = times.sorted { $0.0 < $1.0 }
        let slowest = sorted[sorted.count - 1]
        let shown = slowest.1.count > 60 ? String(slowest.1.prefix(57)) + "..." : slowest.1
        return [
            "fhirpath: suite, \(times.count) of \(withInput.count) expressions with an input file "
                + "(\(failing) throw, skipped): median parse + evaluate \(Self.microseconds(sorted[sorted.count / 2].0)) µs, "
                + "slowest \(Self.microseconds(slowest.0)) µs (\(shown.replacingOccurrences(of: "\n", with: " ")))"
        ]
    }

    static func median(_ durations: [Swift.Duration]) -> Swift.Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    static func microseconds(_ duration: Swift.Duration) -> String {
        String(format: "%.1f", duration.seconds * 1_000_000)
    }
}

/// The expressions of HL7's R4 FHIRPath suite (`tests-fhir-r4.xml`) with their input files.
///
/// Read with a small scanner rather than FoundationXML, which a release build links statically
/// and which would then need libxml2's development files: the file is plain elements with
/// attributes, comments and the five entities, and only `<test>` and `<expression>` matter here.
enum SuiteExpressions {
    struct Case {
        /// The suite's name for the input (`patient-example.xml`), or nil for none.
        let inputFile: String?
        let expression: String
    }

    /// `MEDBRAIN_FHIRPATH_SUITE`, else `../shared/reference/fhirpath` beside the repository
    /// (`MEDBRAIN_ROOT`, else the one this was built from); nil when neither holds the suite.
    static func folder() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let root =
            environment["MEDBRAIN_ROOT"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let candidates = [environment["MEDBRAIN_FHIRPATH_SUITE"], root + "/../shared/reference/fhirpath"]
        return candidates.compactMap { $0 }.first {
            FileManager.default.fileExists(atPath: $0 + "/tests-fhir-r4.xml")
        }
    }

    /// Every `<expression>` of every `<test>`, in order, with the test's `inputfile`.
    static func read(from folder: String) throws -> [Case] {
        var text = try String(contentsOfFile: folder + "/tests-fhir-r4.xml", encoding: .utf8)
        while let start = text.range(of: "<!--") {
            let end = text.range(of: "-->", range: start.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
            text.removeSubrange(start.lowerBound..<end)
        }
        var cases: [Case] = []
        for test in text.components(separatedBy: "<test").dropFirst() {
            // `<tests …>` is the root element, not a test.
            guard let first = test.unicodeScalars.first, first == ">" || first.properties.isWhitespace,
                let tagEnd = test.firstIndex(of: ">")
            else { continue }
            let inputFile = attribute("inputfile", in: test[..<tagEnd])
            let body = test[tagEnd...].components(separatedBy: "</test>").first ?? ""
            for part in body.components(separatedBy: "<expression").dropFirst() {
                guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</expression>") else { continue }
                cases.append(
                    Case(inputFile: inputFile, expression: unescaped(part[part.index(after: open)..<close.lowerBound])))
            }
        }
        return cases
    }

    /// The input the suite names `X.xml`, read from `r4/X.json` and parsed; nil if it cannot be.
    static func input(named file: String, in folder: String) -> JSONValue? {
        let name = file.hasSuffix(".xml") ? String(file.dropLast(4)) + ".json" : file
        guard let data = FileManager.default.contents(atPath: folder + "/r4/" + name) else { return nil }
        return try? JSONParser.parse([UInt8](data))
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: name + "=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return rest.firstIndex(of: "\"").map { unescaped(rest[..<$0]) }
    }

    private static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
