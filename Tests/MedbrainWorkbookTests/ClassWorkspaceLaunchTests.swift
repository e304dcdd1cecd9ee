import FHIRClient
import FHIRModel
import Foundation
import Synchronization
import Testing

@testable import FHIRServer
@testable import MedbrainCommands
@testable import MedbrainREPL
@testable import MedbrainWeb
@testable import MedbrainWorkbook

/// A joined student's lesson asks the class server for its server: what the REPL sends, what
/// it takes from the answer, and when it starts the server on the student's machine instead.
@Suite("A lesson's server on the class server")
struct ClassWorkspaceLaunchTests {
    /// A class server that answers every request with `status` and `body`, and keeps the requests.
    final class FakeClass: HTTPExecutor {
        let answer: (status: Int, body: String)
        let requests = Mutex([HTTPRequest]())
        init(_ status: Int, _ body: String) { answer = (status, body) }

        func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
            async throws(ClientError) -> HTTPAnswer
        {
            requests.withLock { $0.append(request) }
            return HTTPAnswer(status: answer.status, body: Array(answer.body.utf8))
        }
    }

    static let origin = "http://class.example:8080"

    static func lesson(_ version: FHIRVersion = .dstu2, loads: [String] = []) -> Lesson {
        var header = Transcript.Header()
        header.server = version
        var lesson = Lesson(id: "07-record-a-dose", title: "Record a dose", sections: "", header: header, steps: [])
        lesson.loads = loads
        return lesson
    }

    static func launch(_ server: FakeClass, _ setup: BuiltinServerSetup, lesson: Lesson = lesson()) async -> (
        BuiltinServer?, ClassReporter
    ) {
        let reporter = ClassReporter(
            link: ClassroomLink(origin: origin, name: "lab", student: "alice"), key: "k-alice", executor: server)
        return (await reporter.workspace(for: lesson)(setup), reporter)
    }

    static func setup(_ version: FHIRVersion = .dstu2, load: [String] = []) -> BuiltinServerSetup {
        BuiltinServerSetup(version: version, now: nil, seed: nil, load: load)
    }

    @Test func theLessonsServerIsTheStudentsWorkspaceReachedWithTheirKey() async throws {
        let base = Self.origin + "/class/workspaces/alice/07-record-a-dose/dstu2/fhir"
        let server = FakeClass(201, "{\"base\": \"\(base)\", \"fhirVersion\": \"dstu2\"}")
        let (started, reporter) = await Self.launch(server, Self.setup())
        #expect(started?.baseURL == base)
        #expect(started?.credentials == .bearer(token: "k-alice"))
        #expect(reporter.workspaceProblem.withLock { $0 } == nil)
        let sent = try #require(server.requests.withLock { $0.first })
        #expect(sent.method == "POST" && sent.url == Self.origin + "/class/workspaces")
        #expect(sent.header("Authorization") == "Bearer k-alice")
        let body = try JSONParser.parse(sent.body ?? [])
        #expect(body["lesson"]?.stringValue == "07-record-a-dose" && body["fhirVersion"]?.stringValue == "dstu2")
        #expect(LessonCommands.whereItRuns(reporter, base: base).contains("in your own workspace"))
    }

    @Test(arguments: [
        (404, "{\"error\": \"the class has no lesson\"}", "no such lesson"),
        (401, "{\"error\": \"the class key is not this class's\"}", "'login --smart' on it joins again"),
        (500, "", "answered 500"),
        // The key goes to the class server's origin only, whatever an answer names.
        (
            201, "{\"base\": \"http://elsewhere.example/class/workspaces/alice/07/fhir\", \"fhirVersion\": \"dstu2\"}",
            "answered 201"
        ),
        (201, "{\"base\": \"\(origin)/fhir\", \"fhirVersion\": \"dstu2\"}", "answered 201"),
        (
            201, "{\"base\": \"\(origin)/class/workspaces/alice/07/fhir\", \"fhirVersion\": \"r4\"}",
            "another FHIR release"
        ),
    ])
    func aWorkspaceTheClassCannotGiveStartsHere(status: Int, body: String, says: String) async {
        let (started, reporter) = await Self.launch(FakeClass(status, body), Self.setup())
        #expect(started == nil)
        let problem = reporter.workspaceProblem.withLock { $0 } ?? ""
        #expect(problem.contains(says), "\(problem)")
        #expect(
            LessonCommands.whereItRuns(reporter, base: "http://127.0.0.1:1234/fhir").contains(
                "runs on your machine, not the class server: \(problem)"))
    }

    /// The student's own files to load: not the lesson's server, so the class server is not
    /// asked (asking would start the lesson's workspace afresh).
    @Test func aServerWithTheStudentsOwnFilesIsNotAskedFor() async {
        let server = FakeClass(201, "{}")
        let (started, _) = await Self.launch(server, Self.setup(.dstu2, load: ["/home/alice/mine.ndjson"]))
        #expect(started == nil)
        #expect(server.requests.withLock { $0.isEmpty })
    }

    /// A lesson that moves to another release (lesson 8 goes on in R4) asks for that one too.
    @Test func anotherReleaseOfTheLessonIsAskedFor() async throws {
        let base = Self.origin + "/class/workspaces/alice/07-record-a-dose/r4/fhir"
        let server = FakeClass(201, "{\"base\": \"\(base)\", \"fhirVersion\": \"r4\"}")
        let (started, _) = await Self.launch(server, Self.setup(.r4))
        #expect(started?.baseURL == base)
        let body = try JSONParser.parse(server.requests.withLock { $0.first?.body } ?? [])
        #expect(body["fhirVersion"]?.stringValue == "r4")
    }

    @Test func aStudentIsToldWhyALessonRunsOnTheirMachine() {
        let reporter = ClassReporter(
            link: ClassroomLink(origin: Self.origin, name: "lab", student: "alice"), key: "k",
            executor: FakeClass(200, ""))
        var smart = Self.lesson()
        smart.asksForSMART = true
        #expect(LessonCommands.whyHere(smart, reporter)?.contains("SMART login of its own") == true)
        var none = Self.lesson()
        none.header.server = nil
        #expect(LessonCommands.whyHere(none, reporter) == nil)
        #expect(LessonCommands.whyHere(Self.lesson(), reporter) == nil)
    }
}

/// The class server makes each lesson's workspace from its own copy of the lesson, as the
/// student's REPL would start the lesson's server: release, clock, loaded files, the orders'
/// text withheld, the student's seed; and none for a lesson whose server is the student's own.
@Suite("A lesson's workspace as the class server makes it")
struct ClassWorkspaceFactoryTests {
    static let make = ClassSetup.workspaceFactory(LessonTests.workbook, maximumBodySize: 1 << 20)

    static func student(_ seed: String) -> ClassRoster.Student {
        ClassRoster.Student(username: "alice", name: "Alice", seed: seed, passwordHash: "")
    }

    static func read(_ service: FHIRService, _ path: String) async throws -> JSONValue {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        var request = FHIRRequest(method: "GET", components: parts[0].split(separator: "/").map(String.init))
        request.query = QueryString.parameters(parts.count > 1 ? parts[1] : nil)
        return try JSONParser.parse(await service.handle(request).body)
    }

    static func isStructureOnly(_ dosage: JSONValue) -> Bool {
        dosage["text"] == nil && dosage["patientInstruction"] == nil
    }

    @Test(arguments: ["02-connect", "13-smart", "nothing-such"])
    func aLessonWhoseServerIsTheStudentsOwnHasNone(lesson: String) async throws {
        #expect(try await Self.make(lesson, .r4, Self.student("a"), "/class/workspaces/alice/\(lesson)/r4/fhir") == nil)
    }

    /// Lesson 12's files are R4 resources: it has no workspace in another release.
    @Test func aLessonsFilesLoadInItsOwnReleaseOnly() async throws {
        #expect(try await Self.make("12-vital-signs", .dstu2, Self.student("a"), "/w/fhir") == nil)
        let r4 = try #require(try await Self.make("08-r4", .r4, Self.student("a"), "/w/fhir"))
        #expect(r4.version == .r4)
    }

    @Test func aWorkspaceIsTheLessonsServer() async throws {
        let vitals = try #require(try await Self.make("12-vital-signs", .r4, Self.student("a"), "/w/fhir"))
        #expect(vitals.version == .r4 && vitals.base.path == "/w/fhir")
        let observations = try await Self.read(vitals, "Observation?_count=1")
        #expect(observations["entry"]?.arrayValue?.first?["resource"]?["resourceType"] == .string("Observation"))
        let lesson = try #require(LessonTests.workbook.lessons.first { $0.id == "11-timings" })
        let timings = try #require(try await Self.make("11-timings", .r4, Self.student("a"), "/w/fhir"))
        let dosages = { (service: FHIRService) in
            try await Self.read(service, "MedicationRequest?_count=100")["entry"]?.arrayValue?.flatMap {
                $0["resource"]?["dosageInstruction"]?.arrayValue ?? []
            } ?? []
        }
        let withheld = try await dosages(timings)
        #expect(lesson.withholdsInstructions && !withheld.isEmpty && withheld.allSatisfy(Self.isStructureOnly))
        // Lesson 12's R4 server keeps the text: the test can tell the two apart.
        #expect(try await !dosages(vitals).allSatisfy(Self.isStructureOnly))
        let patient = try await Self.read(timings, "Patient/f001")
        #expect(patient["meta"]?["lastUpdated"]?.stringValue == lesson.header.now.fhirInstant)
    }

    @Test func eachStudentsWorkspaceHasTheirOwnDoses() async throws {
        let doses = { (seed: String) in
            let service = try #require(try await Self.make("06-administrations", .dstu2, Self.student(seed), "/w/fhir"))
            return try await Self.read(service, "MedicationAdministration?_count=500&_sort=_id").compactText
        }
        #expect(try await doses("Alice Smith") != doses("Bob Jones"))
        #expect(try await doses("Alice Smith") == doses("Alice Smith"))
    }
}

/// `progress --class` reads the class server's export (`/class/progress.json`), made here by the
/// server's own code, and prints it as the REPL's tables are: a row per student, then the steps
/// most are stuck at.
@Suite("progress --class as the REPL prints it")
struct ClassReportTests {
    @Test func aRowPerStudentAndTheStepsMostAreStuckAt() throws {
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        func events(_ kinds: [(Int, ClassEvent.Kind, String?)]) -> [ClassEvent] {
            kinds.enumerated().map { index, item in
                ClassEvent(
                    sequence: index + 1, time: start + Double(index), received: start, lesson: "03-login",
                    step: item.0, kind: item.1, detail: item.2)
            }
        }
        let roster = [("alice", "Alice Smith"), ("bob", "Bob Jones"), ("carol", "Carol")].map {
            ClassRoster.Student(username: $0.0, name: $0.1, seed: $0.1, passwordHash: "")
        }
        let outline = LessonOutline(
            id: "03-login", number: 3, title: "Log in", steps: ["Find", "Email", "Identifier"], exercises: [1, 2])
        let grid = ClassGrid(
            events: [
                (roster[0], events([(1, .started, nil), (1, .solved, nil), (2, .started, nil), (2, .wrong, "x")])),
                (
                    roster[1],
                    events([
                        (1, .started, nil), (1, .hint, "1 of 2"), (1, .solved, nil), (2, .started, nil),
                        (2, .wrong, "y"), (2, .wrong, "z"), (2, .wrong, "w"),
                    ])
                ),
                (roster[2], []),
            ], outlines: [outline], now: start + 30)
        let body = grid.json(className: "lab", now: start + 30)
        #expect(
            LessonCommands.classRows(body) == [
                ["alice", "03-login step 2", "1", "0", "1", ""],
                ["bob", "03-login step 2", "1", "1", "3", "needs help"],
                ["carol", "-", "0", "0", "0", ""],
            ])
        #expect(LessonCommands.stuckLines(body) == ["  03-login step 2 (Email): 2 — alice, bob"])
        let host = StandInHost()
        host.printTable(header: ["student", "at"], rows: [["alice", "03-login step 2"]])
        #expect(host.printed == ["student  at", "-------  ---------------", "alice    03-login step 2"])
    }
}
