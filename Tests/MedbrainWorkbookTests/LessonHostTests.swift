import FHIRModel
import FHIRPath
import Foundation
import MedbrainREPL
import ResultTables
import Testing

@testable import MedbrainWorkbook

/// The workbook sees its session through ``LessonHost`` alone: a stand-in with no REPL and no
/// server is enough to start a lesson, and shows what a lesson asks of a session.
@Suite("Lessons through their host")
struct LessonHostTests {
    @Test func aLessonStartsThroughItsHostAlone() async throws {
        let host = StandInHost()
        let lessons = LessonCommands(workbook: LessonTests.workbook, progressPath: nil)
        host.extensions = [lessons]
        let lesson = try #require(LessonTests.workbook.lesson("03-login"))
        try await lessons.start(lesson, in: host)
        #expect(host.restarts.count == 1)
        #expect(host.restarts.first?.zone == lesson.header.timeZone)
        #expect(host.restarts.first?.now == lesson.header.now)
        #expect(host.executed == ["connect builtin dstu2"])
        #expect(host.placeholders.map(\.word) == ["[BASE]", "[ORIGIN]"])
        #expect(host.placeholders.first?.value == StandInHost.base)
        #expect(host.printed.first == "Lesson 3: Log in as a patient (tutorial §11.4–11.6)")
        #expect(host.printed.contains("Step 1 of \(lesson.steps.count): Find the test patient"))
        // A step is checked on what the host holds: nothing was done, so it is not solved.
        #expect(!(await lessons.missing(lesson.steps[0], in: host)).isEmpty)
    }
}

/// A session that records what it is asked and holds nothing: no server answers.
final class StandInHost: LessonHost {
    static let base = "http://127.0.0.1:1/fhir"
    var printed: [String] = []
    var executed: [String] = []
    var restarts: [(now: Date?, zone: String)] = []
    var placeholders: [(word: String, value: String)] = []
    var instructionsWithheld = false
    var extensions: [any REPLExtension] = []
    let requests = RequestLog()

    func print(_ line: String) { printed.append(line) }
    func printWrapped(_ paragraph: String, indent: Int) { printed.append(paragraph) }
    func printTable(header: [String], rows: [[String]]) {
        printed += TextTable(header: header, rows: rows).render(width: 80)
    }
    func execute(_ line: String) async -> Bool {
        executed.append(line)
        return true
    }
    func executeQuietly(_ lines: [String]) async -> Bool {
        executed += lines
        return true
    }
    func restart(
        now: Date?, timeZone: String, seed: String?, withholdsInstructions: Bool, workspace: WorkspaceLauncher?
    ) async throws {
        restarts.append((now, timeZone))
    }
    func shutdown() async {}
    var state: SessionState { SessionState() }
    var lastSaid: [String] { [] }
    var lastSaidOwn: OwnInstructions? { nil }
    var lastChart: ChartDrawn? { nil }
    func remove(_ reference: String) async throws {}
    var lastResultJSON: JSONValue? { nil }
    var baseURL: String? { Self.base }
    func read(_ reference: String) async throws -> JSONValue { throw REPLError("no server") }
    func fetch(_ path: String) async throws -> JSONValue { throw REPLError("no server") }
    func serverHolds(_ reference: String) async -> Bool? { nil }
    /// What `POST /class/join` answers, if the host is on a class server.
    var joined: JSONValue?
    func joinClass() async -> Result<JSONValue, REPLError>? { joined.map { .success($0) } }
    func smartTokenIntrospection() async -> JSONValue? { nil }
    func holds(_ expression: FHIRPathExpression, on json: JSONValue) throws -> Bool {
        try expression.isTrue(on: json, environment: FHIRPathEnvironment())
    }
    func values(of expression: FHIRPathExpression, on json: JSONValue) throws -> [String] {
        try expression.evaluate(on: json).map(\.displayText)
    }
    func builtinBaseURLs() async -> [String] { [] }
    func builtinSignInSecrets() async -> [String] { [] }
}
