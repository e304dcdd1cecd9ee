import FHIRModel
import FHIRPathSuite
import Foundation
import Testing

/// HL7's FHIRPath suite through `medbrain fhirpath --format json`, one process per case, as a
/// user or another program would run it: it must fail exactly the cases the engine fails in
/// process (`known-failures.txt`), so nothing is lost between the engine and what it prints.
@Suite("HL7's FHIRPath suite through medbrain fhirpath")
struct FHIRPathSuiteCommandLineTests {
    @Test func theCommandLineScoresAsTheEngine() async throws {
        let suite = try OfficialSuite()
        let failures = try await Self.failures(of: suite)
        let known = try OfficialSuite.knownFailures()
        let passed = suite.cases.count - failures.count
        print("FHIRPath R4 suite through medbrain fhirpath: passed \(passed) of \(suite.cases.count)")
        let unlisted = failures.keys.filter { known[$0] == nil }.sorted()
        let fixed = known.keys.filter { failures[$0] == nil }.sorted()
        for name in unlisted { print("fails only through the command line: \(name)\t\(failures[name] ?? "")") }
        #expect(unlisted.isEmpty, "failing through the command line, not in known-failures.txt: \(unlisted)")
        #expect(fixed.isEmpty, "passing through the command line but listed as failing in process: \(fixed)")
    }

    /// Each failing case's reason, by name; a few processes at a time.
    static func failures(of suite: OfficialSuite) async throws -> [String: String] {
        try await withThrowingTaskGroup(of: (String, String?).self) { group in
            var failures: [String: String] = [:]
            var next = suite.cases.makeIterator()
            func start() {
                guard let testCase = next.next() else { return }
                group.addTask { (testCase.name, SuiteJudge().failure(of: testCase, try await run(testCase, suite))) }
            }
            for _ in 0..<4 { start() }
            while let (name, failure) = try await group.next() {
                if let failure { failures[name] = failure }
                start()
            }
            return failures
        }
    }

    /// One case through the command line: its input file given, or none.
    static func run(_ testCase: OfficialSuite.Case, _ suite: OfficialSuite) async throws -> SuiteJudge.Outcome {
        var arguments = ["fhirpath", "--format", "json", "--", testCase.expression]
        if let input = suite.inputURL(of: testCase) { arguments.append(input.path) }
        let run = try await Medbrain.run(arguments)
        guard run.status == 0 else { return .refused(run.error) }
        guard case .array(let items)? = try? JSONParser.parse(run.output) else {
            return .unreadable("not a JSON array: \(run.output)")
        }
        return .items(items.map(SuiteItem.init(json:)))
    }
}
