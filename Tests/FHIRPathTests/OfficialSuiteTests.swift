import FHIRModel
import FHIRPath
import FHIRPathSuite
import Foundation
import Testing

/// HL7's official FHIRPath R4 suite, run as it is. Every case that fails must be listed in
/// `Tests/FHIRPathSuite/known-failures.txt` with its reason, and every listed case must still
/// fail, so the list can only shrink. The command line runs the same suite in
/// `FHIRPathSuiteCommandLineTests` and must fail the same cases.
///
/// It runs twice, on each input as a tree and as a tape (as the command line reads a file):
/// both must fail exactly the listed cases.
@Suite struct OfficialSuiteTests {
    enum Form: String, CaseIterable, Sendable { case tree, tape }

    @Test(arguments: Form.allCases)
    func theSuitePassesExceptItsListedFailures(on form: Form) throws {
        let suite = try OfficialSuite()
        var failures: [String: String] = [:]
        for testCase in suite.cases {
            if let reason = SuiteJudge().failure(of: testCase, Self.evaluate(testCase, in: suite, as: form)) {
                failures[testCase.name] = reason
            }
        }
        let passed = suite.cases.count - failures.count
        print("FHIRPath R4 suite on a \(form): passed \(passed) of \(suite.cases.count)")
        let known = try OfficialSuite.knownFailures()
        let unlisted = failures.keys.filter { known[$0] == nil }.sorted()
        let fixed = known.keys.filter { failures[$0] == nil }.sorted()
        for name in unlisted { print("not listed: \(name)\t\(failures[name] ?? "")") }
        #expect(unlisted.isEmpty, "failing but not in known-failures.txt: \(unlisted)")
        #expect(fixed.isEmpty, "listed in known-failures.txt but now passing (remove them): \(fixed)")
        #expect(Double(passed) / Double(suite.cases.count) >= 0.97)
    }

    /// A case evaluated in process: on its input resource, or on nothing when it has none.
    static func evaluate(_ testCase: OfficialSuite.Case, in suite: OfficialSuite, as form: Form) -> SuiteJudge.Outcome {
        let input: JSONNode?
        do {
            input = try suite.input(of: testCase).map { bytes in
                switch form {
                case .tree: .tree(try JSONParser.parse(Array(bytes)))
                case .tape: try JSONTape(parsing: Array(bytes)).root
                }
            }
        } catch {
            return .unreadable("\(error)")
        }
        do {
            let expression = try FHIRPathExpression(testCase.expression)
            return .items(try expression.evaluate(on: input).map(SuiteItem.init))
        } catch {
            return .refused("\(error)")
        }
    }
}
