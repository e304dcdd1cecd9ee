import FHIRModel
import Foundation
import MedbrainREPL
import Testing

/// Captures what the REPL writes.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    var output: String { lock.withLock { outputText } }
    var errors: String { lock.withLock { errorText } }

    var console: Console {
        Console(
            width: 100, output: { text in self.lock.withLock { self.outputText += text } },
            error: { text in self.lock.withLock { self.errorText += text } })
    }
}

/// The REPL driven in-process against the built-in server, as a piped script would.
@Suite("REPL, end to end")
struct REPLTests {
    static func session(_ lines: [String]) async -> (status: Int32, transcript: Transcript) {
        let transcript = Transcript()
        let repl = REPL(console: transcript.console, now: Date(timeIntervalSince1970: 1_471_334_400))
        let status = await repl.run(lines: lines)
        return (status, transcript)
    }

    @Test(arguments: FHIRVersion.allCases)
    func theSixSteps(version: FHIRVersion) async {
        let (status, transcript) = await Self.session([
            "# the tutorial, start to end", "connect builtin \(version.rawValue)", "login", "whoami", "orders",
            "instructions 4", "set today 2016-08-16", "set timezone UTC", "administrations 1", "group week 1",
            "administer 1 taken at 2016-08-16T20:00:00+02:00", "group day", "quit", "orders",
        ])
        let output = transcript.output
        #expect(transcript.errors == "")
        #expect(status == 0)
        #expect(output.contains("FHIR \(version == .dstu2 ? "1.0.2" : "4.0.1") (\(version.displayName))"))
        #expect(output.contains("logged in as Herbert Mustermann (Patient/f001)") || output.contains("logged in as "))
        #expect(output.contains("Novalgin 500 mg/ml drops"))
        #expect(output.contains("1 tablet by mouth once a day"))
        #expect(output.contains("Doses taken and not taken by week (tutorial weeks), 2016-27 to 2016-34"))
        #expect(output.contains("recorded taken for order 1: MedicationAdministration/"))
        // After the new dose, today's group counts it.
        #expect(output.contains("Doses taken and not taken by day, 2016-08-09 to 2016-08-16"))
        // `quit` stops the script: the last `orders` never runs.
        #expect(output.components(separatedBy: "Loading...").count == 2)
    }

    @Test func errorsAreOneLineAndTheSessionGoesOn() async {
        let (status, transcript) = await Self.session([
            "orders", "ordrs", "connect builtin", "login nobody", "login", "instructions 99", "order x",
            "connect \"http://127.0.0.1:1/fhir\"", "whoami", "set lang tlh", "group fortnightly", "say \"unclosed",
        ])
        #expect(status == 1)
        #expect(
            transcript.errors.split(separator: "\n") == [
                "error: not connected; 'connect' first",
                "error: unknown command 'ordrs'; did you mean 'orders'?",
                "error: no patient matches _id=nobody",
                "error: no orders listed; 'orders' first",
                "error: no orders listed; 'orders' first",
                "error: cannot reach http://127.0.0.1:1/fhir/metadata: connection refused",
                "error: unknown language 'tlh'; available: de, en",
                "error: usage: group year|month|week|day [N]",
                "error: unclosed quote at column 5",
            ])
        // A failed connect keeps the session it had.
        #expect(transcript.output.contains("Herbert") || transcript.output.contains("logged in as"))
    }

    @Test func emptyStatesAndARefusedResource() async {
        let (status, transcript) = await Self.session([
            "connect builtin r4", "login f003", "orders", "login f001", "orders", "administrations 10",
            "administer 1 missed at yesterday",
        ])
        #expect(status == 1)
        #expect(transcript.output.contains("No prescriptions"))
        #expect(transcript.output.contains("No administrations"))
        #expect(transcript.errors == "error: 'yesterday' is not a date-time such as 2016-08-16T08:00:00+02:00\n")
    }

    @Test func loginVariantsAndTrace() async {
        let (status, transcript) = await Self.session([
            "trace on", "connect builtin r4", "login --email herbert.mustermann@example.at", "logout", "whoami",
            "login --identifier", "trace body", "trace sideways",
        ])
        #expect(status == 1)
        #expect(transcript.output.contains("> GET http://127.0.0.1:"))
        #expect(transcript.output.contains("/fhir/metadata -> 200 ("))
        #expect(transcript.output.contains("/fhir/Patient?email=herbert.mustermann@example.at -> 200"))
        #expect(transcript.output.contains("logged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)"))
        #expect(transcript.output.contains("logged out"))
        #expect(
            transcript.errors.split(separator: "\n") == [
                "error: not logged in; 'login' first", "error: --identifier needs a value",
                "error: usage: trace on|off|body",
            ])
    }

    @Test func helpListsEveryStepAndExplainsOne() async {
        let (_, transcript) = await Self.session(["help", "help group", "help nonsense"])
        for step in [
            "1. Connect", "2. Log in", "3. Orders", "4. Instructions", "5. Administrations", "6. Record a dose",
        ] {
            #expect(transcript.output.contains(step))
        }
        #expect(transcript.output.contains("usage: group year|month|week|day [N]"))
        #expect(transcript.output.contains("(tutorial §13.5–13.6)"))
        #expect(transcript.errors == "error: unknown command 'nonsense'; 'help' lists them\n")
    }

    @Test func tabOffersCommandsTheirWordsAndListedOrders() async {
        let transcript = Transcript()
        let repl = REPL(console: transcript.console)
        #expect(repl.completions(for: "").contains("administer"))
        #expect(repl.completions(for: "gr") == repl.completions(for: ""))
        #expect(repl.completions(for: "group ") == ["year", "month", "week", "day"])
        #expect(repl.completions(for: "connect builtin ") == ["dstu2", "r4"])
        #expect(repl.completions(for: "instructions 1 --lang ") == ["de", "en"])
        #expect(repl.completions(for: "set week ") == ["tutorial", "iso"])
        #expect(repl.completions(for: "say \"unclosed ") == [])
        for line in ["connect builtin r4", "login", "orders"] { await repl.execute(line) }
        #expect(repl.completions(for: "order ") == (1...11).map(String.init))
        #expect(repl.completions(for: "administer 2 ") == ["taken", "missed"])
        await repl.shutdown()
    }

    @Test(arguments: [
        ("login f001", ["login", "f001"]),
        (#"set timezone "Europe/Vienna" # a comment"#, ["set", "timezone", "Europe/Vienna"]),
        ("  ", []), ("# only a comment", []), (#"say 'two words' "and # this""#, ["say", "two words", "and # this"]),
        (#"a""b"#, ["ab"]),
    ])
    func wordsQuotesAndComments(line: String, words: [String]) throws {
        #expect(try CommandWords.split(line) == words)
    }
}
