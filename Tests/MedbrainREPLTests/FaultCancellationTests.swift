import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import Synchronization
import TestSupport
import Testing

/// A server that stops answering half-way (after the headers, or mid-body) or not at all:
/// Ctrl-C and the timeout each end the wait with one line, and the session goes on.
@Suite("cancelling a stalled answer")
struct FaultCancellationTests {
    static let patients = #"{"resourceType":"Bundle","type":"searchset","entry":[{"resource":{"resourceType":"Patient""#

    /// Each row: what the server sends to a Patient search before it goes silent.
    static let stalls: [(String, CannedServer.Reply)] = [
        ("headers only", CannedServer.Reply(body: "").declaring(length: 10_000).stalling()),
        ("mid-body", CannedServer.Reply(body: patients).declaring(length: 10_000).stalling()),
        ("no length, mid-body", CannedServer.Reply(body: patients).declaring(length: nil).stalling()),
    ]

    /// The REPL connected to a server that answers `metadata` and stalls on anything else;
    /// `asked` turns true once the stalling request arrived.
    static func stalledSession(
        _ reply: CannedServer.Reply, asked: Flag? = nil, interrupted: (@Sendable () -> Bool)? = nil
    ) async throws -> (REPL, Transcript, CannedServer) {
        let server = try CannedServer { target in
            guard target != "/fhir/metadata" else { return .init(body: CannedServer.metadata()) }
            asked?.raise()
            return reply
        }
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(), now: Probe.datasetNow, servers: .inProcess(now: Probe.datasetNow),
            interrupted: interrupted, spinnerDelay: .zero, timeout: BusyMachine.requestTimeout)
        #expect(await repl.execute("connect \(server.baseURL)"))
        return (repl, transcript, server)
    }

    @Test(arguments: stalls)
    func ctrlCEndsTheWait(name: String, reply: CannedServer.Reply) async throws {
        let asked = Flag()
        // Ctrl-C once the server has the request and has gone silent.
        let ctrlC = CtrlC.once { asked.isRaised }
        let (repl, transcript, server) = try await Self.stalledSession(reply, asked: asked, interrupted: ctrlC)
        defer { server.close() }
        // Only Ctrl-C may end the wait, however busy the machine keeps the watcher.
        await repl.execute("set timeout 600")
        #expect(!(await repl.execute("login")))
        #expect(transcript.errors == "error: cancelled\n", "\(name)")
        #expect(await repl.execute("connect builtin r4"))
        #expect(await repl.execute("login"))
        await repl.shutdown()
    }

    /// An `https://` server that takes the connection and never begins the handshake: Ctrl-C
    /// ends libcurl's wait as it ends SwiftNIO's, and the session keeps its server.
    @Test func ctrlCEndsASecureWait() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        // Ctrl-C half a second into the secure connect, whatever came before it took.
        let armed = Mutex<ContinuousClock.Instant?>(nil)
        let ctrlC = CtrlC.once { armed.withLock { $0.map { ContinuousClock.now - $0 > .milliseconds(500) } ?? false } }
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(), now: Probe.datasetNow, servers: .inProcess(now: Probe.datasetNow),
            interrupted: ctrlC, spinnerDelay: .zero, timeout: BusyMachine.requestTimeout)
        #expect(await repl.execute("connect builtin r4"))
        await repl.execute("set timeout 600")
        let started = ContinuousClock.now
        armed.withLock { $0 = started }
        #expect(!(await repl.execute("connect https://127.0.0.1:\(listener.port)/fhir")))
        #expect(transcript.errors.hasPrefix("error: cancelled; still connected to "), "\(transcript.errors)")
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(await repl.execute("login"))
        await repl.shutdown()
    }

    @Test(arguments: stalls)
    func theTimeoutEndsTheWait(name: String, reply: CannedServer.Reply) async throws {
        let (repl, transcript, server) = try await Self.stalledSession(reply)
        defer { server.close() }
        await repl.execute("set timeout 1")
        #expect(!(await repl.execute("login")))
        let errors = transcript.errors
        #expect(errors.hasPrefix("error: "), "\(name)")
        #expect(errors.contains("1 s"), "\(name): \(errors)")
        #expect(errors.filter { $0 == "\n" }.count == 1, "\(name): \(errors)")
        // The session goes on; a second's limit is no test of that on a busy machine, where a
        // built-in server's first answers may take longer.
        await repl.execute("set timeout 60")
        #expect(await repl.execute("connect builtin r4"))
        #expect(await repl.execute("login"))
        await repl.shutdown()
    }
}

/// A flag one thread raises and another reads.
final class Flag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}
