import FHIRModel
import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// Inputs a review found mishandled: each now gets one clear line, or is understood.
@Suite("REPL, odd input")
struct REPLHardeningTests {
    @Test(arguments: [
        ("set trace ON", "trace     on\n"), ("set FORMAT table", "format    table\n"),
        ("set timezone utc", "timezone  utc\n"), ("set timezone +02:00", "timezone  +02:00\n"),
        ("set timezone -5", "timezone  -5\n"), ("set week ISO", "week      iso\n"),
    ])
    func settingsIgnoreCase(line: String, output: String) async {
        let probe = Probe()
        #expect(await probe.run(line) == (output, ""))
    }

    @Test(arguments: [
        ("set timezone +15:00", "error: unknown time zone '+15:00'; say Europe/Vienna, UTC or +02:00\n"),
        ("login \"\"", "error: an empty patient id finds nobody\n"),
        ("login --email \"\"", "error: --email needs a value\n"), ("quit now", "error: usage: quit\n"),
        (
            "administer 1 taken at 2016-08-16T08:00:00",
            "error: '2016-08-16T08:00:00' is not a date-time with its zone, such as 2016-08-16T08:00:00+02:00\n"
        ),
        (
            "administer 1 taken at 0000-01-01T00:00:00Z",
            "error: '0000-01-01T00:00:00Z' is not a date-time with its zone, such as 2016-08-16T08:00:00+02:00\n"
        ),
        // A device reports no size; read whole, it would never end.
        ("instructions @/dev/zero", "error: /dev/zero: goes on past 16 MiB, more than a resource needs\n"),
        ("doses @/dev/zero", "error: /dev/zero: goes on past 16 MiB, more than a resource needs\n"),
        (
            String(repeating: "x", count: 200_000),
            "error: unknown command '\(String(repeating: "x", count: 40))…'; 'help' lists them\n"
        ),
    ])
    func refusedInOneLine(line: String, error: String) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin", "login", "orders"])
        #expect(await probe.run(line).errors == error)
        #expect(!probe.repl.isFinished)
        await probe.stop()
    }

    @Test func caseOfWordsInCommands() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "login", "orders", "group WEEK 1"])
        #expect(await probe.run("administer 1 TAKEN AT 2016-08-16T08:00:00Z").output.hasPrefix("recorded taken"))
        await probe.stop()
    }

    /// A server's data cannot clear the screen or break a table's rows.
    @Test func controlCharactersFromTheServerAreDropped() async throws {
        let hostile = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\nName"
        let patient =
            #"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Patient","id":"p1","name":[{"text":"\#(hostile.jsonEscaped)"}]}}]}"#
        let server = try CannedServer { target in
            target == "/fhir/metadata" ? .init(body: CannedServer.metadata()) : .init(body: patient)
        }
        defer { server.close() }
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)"])
        #expect(await probe.run("login p1").output == "logged in as Evil[2J]0;pwned Name (Patient/p1)\n")
        await probe.stop()
    }

    @Test func noCompletionWhereAValueBelongs() {
        let probe = Probe()
        #expect(probe.repl.completions(for: "login --email ") == [])
        #expect(probe.repl.completions(for: "login ") == ["--identifier", "--email", "--smart", "--backend"])
        #expect(probe.repl.completions(for: "login --smart ") == ["--client", "--scope"])
        #expect(probe.repl.completions(for: "login --smart --client ") == [])
        #expect(probe.repl.completions(for: "login --backend --client x ") == ["--key", "--kid", "--scope"])
        #expect(probe.repl.completions(for: "login --backend --key ") == [])
    }
}

extension String {
    /// The string as the inside of a JSON string literal.
    var jsonEscaped: String {
        unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.value < 0x20: String(format: "\\u%04x", scalar.value)
            default: String(scalar)
            }
        }.joined()
    }
}
