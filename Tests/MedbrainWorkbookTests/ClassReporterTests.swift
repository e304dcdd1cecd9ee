import FHIRClient
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
