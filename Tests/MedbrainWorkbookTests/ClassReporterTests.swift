import FHIRClient
import FHIRModel
import Foundation
import Synchronization
import Testing

@testable import MedbrainWorkbook

/// A student's events reach the class server once each, in order, even when it is away for a
/// while: what is not acknowledged is sent again until it is.
@Suite("Reporting to the class")
struct ClassReporterTests {
    /// A class server that is away while `away` is set, and otherwise keeps what it is sent
    /// as a real one does: each sequence once.
    final class FakeClass: HTTPExecutor {
        let state = Mutex((away: true, taken: [Int](), keys: [String](), requests: 0))

        func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
            async throws(ClientError) -> HTTPAnswer
        {
            let away = state.withLock { state -> Bool in
                state.requests += 1
                return state.away
            }
            if away { throw ClientError.unreachable(url: request.url, reason: "connection refused") }
            struct Body: Decodable { struct Event: Decodable { var sequence: Int }; var events: [Event] }
            let body = try? JSONDecoder().decode(Body.self, from: Data(request.body ?? []))
            let last = state.withLock { state -> Int in
                state.keys.append(request.header("Authorization") ?? "")
                for event in body?.events ?? [] where event.sequence > (state.taken.last ?? 0) {
                    state.taken.append(event.sequence)
                }
                return state.taken.last ?? 0
            }
            return HTTPAnswer(status: 200, body: Array("{\"acknowledged\": \(last)}".utf8))
        }
    }

    static func events(_ count: Int, from first: Int = 1) -> [StepEvent] {
        (first..<(first + count)).map { sequence in
            var event = StepEvent(
                time: Date(timeIntervalSince1970: Double(sequence)), lesson: "03-login", step: 1, kind: .started)
            event.sequence = sequence
            return event
        }
    }

    static func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<2_000 where !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func whatTheServerMissedWhileAwayIsSentWhenItIsBack() async throws {
        let server = FakeClass()
        let reporter = ClassReporter(
            link: ClassroomLink(origin: "http://class.example", name: "lab", student: "alice"), key: "k-alice",
            executor: server, firstPause: .milliseconds(5), maximumPause: .milliseconds(20))
        reporter.send(Self.events(3))
        reporter.send(Self.events(5))
        await Self.waitUntil { server.state.withLock { $0.requests } >= 4 }
        #expect(!reporter.isCaughtUp && reporter.acknowledged == 0)
        server.state.withLock { $0.away = false }
        await Self.waitUntil { reporter.isCaughtUp }
        reporter.send(Self.events(7))
        await Self.waitUntil { reporter.acknowledged == 7 }
        let (taken, keys) = server.state.withLock { ($0.taken, $0.keys) }
        #expect(taken == Array(1...7))
        #expect(Set(keys) == ["Bearer k-alice"])
        #expect(reporter.acknowledged == 7)
    }

    /// A key the server no longer takes stops the sending, rather than trying for ever.
    @Test func aRefusedKeyStopsSending() async throws {
        final class Refusing: HTTPExecutor {
            let calls = Mutex(0)
            func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
                async throws(ClientError) -> HTTPAnswer
            {
                calls.withLock { $0 += 1 }
                return HTTPAnswer(status: 401)
            }
        }
        let server = Refusing()
        let reporter = ClassReporter(
            link: ClassroomLink(origin: "http://class.example", name: "lab", student: "alice"), key: "old",
            executor: server, firstPause: .milliseconds(5))
        reporter.send(Self.events(2))
        await Self.waitUntil { reporter.wasRefused }
        try await Task.sleep(for: .milliseconds(50))
        #expect(reporter.wasRefused && server.calls.withLock { $0 } == 1)
    }
}

/// Joining: events are numbered so the server takes each once, and a file is one student's.
@Suite("Joining a class")
struct JoiningTests {
    static func answer(student: String, acknowledged: Int) -> JSONValue {
        .object(
            JSONObject([
                ("origin", .string("http://127.0.0.1:1")), ("class", .string("lab")), ("student", .string(student)),
                ("key", .string("k")), ("acknowledged", .number(String(acknowledged))), ("seed", .string("S")),
            ]))
    }

    static func lessons(with events: Int, link: ClassroomLink?) -> LessonCommands {
        let lessons = LessonCommands(workbook: Workbook(lessons: []), progressPath: nil)
        for event in ClassReporterTests.events(events) { lessons.progress.record(event) }
        lessons.progress.classroom = link
        lessons.progress.student = link?.student
        return lessons
    }

    /// The file the server has seen sends only what is after: joining again adds nothing.
    @Test func joiningAgainSendsNothingTwice() async {
        let host = StandInHost()
        let link = ClassroomLink(origin: "http://127.0.0.1:1", name: "lab", student: "bob", acknowledged: 2)
        let lessons = Self.lessons(with: 2, link: link)
        host.joined = Self.answer(student: "bob", acknowledged: 2)
        await lessons.join(in: host)
        #expect(lessons.progress.events.map(\.sequence) == [1, 2])
        #expect(lessons.reporter?.isCaughtUp == true)
        #expect(host.printed.last?.hasPrefix("Joined the class lab as bob") == true)
        lessons.progress.record(StepEvent(time: Date(), lesson: "03-login", step: 2, kind: .hint))
        #expect(lessons.progress.events.last?.sequence == 3)
    }

    /// A file from another machine is new to the server: numbered after what it has.
    @Test func anotherFileIsNumberedAfterWhatTheServerHas() async {
        let host = StandInHost()
        let lessons = Self.lessons(with: 3, link: nil)
        host.joined = Self.answer(student: "bob", acknowledged: 5)
        await lessons.join(in: host)
        #expect(lessons.progress.events.map(\.sequence) == [6, 7, 8])
        #expect(lessons.progress.student == "bob" && lessons.progress.classroom?.acknowledged == 5)
    }

    /// On a shared machine the next student does not report into the first one's file.
    @Test func aFileIsOneStudents() async {
        let host = StandInHost()
        let link = ClassroomLink(origin: "http://127.0.0.1:1", name: "lab", student: "alice", acknowledged: 2)
        let lessons = Self.lessons(with: 2, link: link)
        host.joined = Self.answer(student: "bob", acknowledged: 0)
        await lessons.join(in: host)
        #expect(lessons.reporter == nil && lessons.progress.student == "alice")
        #expect(host.printed.last?.contains("this progress file is alice's, and you signed in as bob") == true)
    }
}
