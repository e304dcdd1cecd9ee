import FHIRModel
import FHIRServer
import Foundation
import MedbrainCommands
import MedbrainREPL
import Synchronization
import TestSupport
import Testing

/// The tutorial's states of a screen (loading, error, empty, loaded) as the REPL shows them.
@Suite("REPL states")
struct REPLStateTests {
    /// Loading: on a terminal the spinner says what the command waits for; Ctrl-C cancels
    /// even a `connect`, the spinner leaves no trace, and the session goes on.
    @Test func loadingShowsASpinnerAndCtrlCCancels() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(interactive: true), now: Probe.datasetNow,
            servers: .inProcess(now: Probe.datasetNow),
            interrupted: CtrlC.once { transcript.output.contains("Connecting…") }, spinnerDelay: .zero,
            timeout: BusyMachine.requestTimeout)
        // Only Ctrl-C may end the wait, however busy the machine (other tests) keeps the watcher.
        await repl.execute("set timeout 600")
        let mark = transcript.output.count
        let connected = await repl.execute("connect http://127.0.0.1:\(listener.port)/fhir")
        #expect(!connected)
        #expect(transcript.output(since: mark).hasPrefix("\r⠋ Connecting…\u{1B}[K"))
        #expect(transcript.output.hasSuffix("\r\u{1B}[K"))
        #expect(transcript.errors == "error: cancelled\n")
        #expect(await repl.execute("connect builtin"))
        await repl.shutdown()
    }

    /// A command that does not wait for a server shows no spinner, even on a terminal.
    @Test func noSpinnerForLocalCommands() async {
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(interactive: true), servers: .inProcess(now: nil), spinnerDelay: .zero,
            timeout: BusyMachine.requestTimeout)
        await repl.execute("set week iso")
        #expect(transcript.output == "week      iso\n")
    }

    /// Error: the server goes away mid-session; one line, and the session goes on.
    @Test func theServerGoneMidSession() async throws {
        let server = try await InProcessServer.start(ServerConfiguration(version: .r4))
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)", "login"])
        await server.stop()
        let (output, errors) = await probe.run("orders")
        #expect(output == "")
        #expect(errors.hasPrefix("error: cannot reach \(server.baseURL)/MedicationRequest?patient=f001"))
        #expect(errors.filter { $0 == "\n" }.count == 1)
        #expect(await probe.run("whoami").output.hasPrefix("Dipl.-Ing. Herbert Hannes Mustermann"))
        try await probe.setUp(["connect builtin r4", "login", "orders"])
        await probe.stop()
    }

    /// Error: a server that answers a search with a sign-in page, or JSON broken off.
    @Test(arguments: [
        (
            CannedServer.Reply(contentType: "text/html", body: "<html>sign in</html>"),
            "the answer is not JSON (text/html)"
        ),
        (CannedServer.Reply(body: #"{"resourceType":"Bundle","entry":[{"#), "malformed JSON at line 1"),
        (CannedServer.Reply(status: 503, contentType: "text/plain", body: "busy"), "the server answered 503"),
        // The connection closes after 30 bytes of the 5,000 promised.
        (CannedServer.Reply(body: #"{"resourceType":"Bundle","en"#).declaring(length: 5_000), "cannot reach"),
        // A 50 MB answer is refused as it starts, not loaded.
        (CannedServer.Reply(body: "{}").declaring(length: 50_000_000), "larger than 32 MiB"),
    ])
    func aMisbehavingServer(reply: CannedServer.Reply, says: String) async throws {
        let patient = #"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Patient","id":"p1"}}]}"#
        let server = try CannedServer { target in
            if target == "/fhir/metadata" { return .init(body: CannedServer.metadata()) }
            return target.hasPrefix("/fhir/Patient") ? .init(body: patient) : reply
        }
        defer { server.close() }
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)", "login p1"])
        let (output, errors) = await probe.run("orders")
        #expect(output == "")
        #expect(errors.hasPrefix("error: "))
        #expect(errors.contains(says))
        #expect(errors.filter { $0 == "\n" }.count == 1)
        #expect(await probe.run("whoami").output.hasPrefix("unnamed patient (Patient/p1)"))
        await probe.stop()
    }

    /// Empty and loaded: the tutorial's "No prescriptions", and the numbered table.
    @Test(arguments: FHIRVersion.allCases)
    func emptyAndLoaded(version: FHIRVersion) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin \(version.rawValue)", "login f003"])
        #expect(await probe.run("orders").output == "No prescriptions\n")
        try await probe.setUp(["login f002"])
        let table = await probe.run("orders").output
        #expect(table.hasPrefix("#  medication"))
        #expect(table.contains("\n1  "))
        await probe.stop()
    }

    /// Without UTF-8 on the terminal, everything written is ASCII: words and spinner alike.
    @Test func asciiWhenTheTerminalHasNoUTF8() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(interactive: true, unicode: false), now: Probe.datasetNow,
            servers: .inProcess(now: Probe.datasetNow),
            interrupted: CtrlC.once { transcript.output.contains("Connecting...") }, spinnerDelay: .zero,
            timeout: BusyMachine.requestTimeout)
        await repl.execute("set timeout 600")
        let mark = transcript.output.count
        await repl.execute("connect http://127.0.0.1:\(listener.port)/fhir")
        for line in ["connect builtin", "login", "whoami", "help group", "orders", "instructions 4 --lang de"] {
            await repl.execute(line)
        }
        #expect(transcript.output(since: mark).hasPrefix("\r| Connecting...\u{1B}[K"))
        #expect(transcript.output.contains("address Musterstrasse 13a"))
        #expect(transcript.output.contains("(tutorial sec. 13.5-13.6)"))
        #expect(transcript.output.allSatisfy { $0.isASCII })
        #expect(transcript.errors == "error: cancelled\n")
        await repl.shutdown()
    }
}

/// A Ctrl-C pressed once, as soon as `condition` holds.
enum CtrlC {
    static func once(when condition: @escaping @Sendable () -> Bool) -> @Sendable () -> Bool {
        let pressed = Mutex(false)
        return {
            pressed.withLock { pressed in
                guard !pressed, condition() else { return false }
                pressed = true
                return true
            }
        }
    }
}
