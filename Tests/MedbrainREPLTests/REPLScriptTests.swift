import FHIRModel
import FHIRServer
import Foundation
import MedbrainCommands
import TestSupport
import Testing

@testable import MedbrainREPL

/// The REPL driven in-process against the built-in server, as a piped script drives it.
@Suite("REPL scripts, end to end")
struct REPLScriptTests {
    static func session(_ lines: [String]) async -> (status: Int32, transcript: Transcript) {
        let transcript = Transcript()
        let repl = REPL(
            console: transcript.console(), now: Probe.datasetNow, servers: .inProcess(now: Probe.datasetNow),
            timeout: BusyMachine.requestTimeout)
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
        #expect(output.contains("FHIR \(version.number) (\(version.displayName))"))
        #expect(output.contains("logged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)"))
        #expect(output.contains("Novalgin 500 mg/ml drops"))
        #expect(output.contains("1 tablet by mouth once a day"))
        #expect(output.contains("Doses taken and not taken by week (tutorial weeks), 2016-27 to 2016-34"))
        #expect(output.contains("recorded taken for order 1: MedicationAdministration/1\n"))
        // The list, read again, has the new dose: 54 in the dataset, then 55.
        #expect(output.contains("order 1 now has 55 administrations: 41 taken, 14 not taken\n"))
        // After the new dose, today's group counts it.
        #expect(output.contains("Doses taken and not taken by day, 2016-08-09 to 2016-08-16"))
        // `quit` stops the script: the last `orders` never runs.
        #expect(output.components(separatedBy: "#   medication").count == 2)
    }

    @Test func errorsAreOneLineAndTheSessionGoesOn() async {
        let (status, transcript) = await Self.session([
            "orders", "ordrs", "connect builtin", "login nobody", "login", "instructions 99", "order x",
            "connect \"http://127.0.0.1:1/fhir\"", "whoami", "set lang tlh", "group fortnightly", "say \"unclosed",
            "set format yaml", "set colour on", "set volume 11", "set today", "connect builtin r6",
            "administer 1 eaten",
        ])
        #expect(status == 1)
        // The built-in server's port changes from run to run.
        let errors = transcript.errors.replacing(/127\.0\.0\.1:\d{4,5}/, with: "[BASE]")
        #expect(
            errors.split(separator: "\n") == [
                "error: not connected; 'connect' first",
                "error: unknown command 'ordrs'; did you mean 'orders'?",
                "error: no patient matches _id=nobody",
                "error: no orders listed; 'orders' first",
                "error: no orders listed; 'orders' first",
                "error: cannot reach http://127.0.0.1:1/fhir/metadata: connection refused; still connected to http://[BASE]/fhir",
                "error: unknown language 'tlh'; available: de, en",
                "error: usage: group year|month|week|day [N]",
                "error: unclosed quote at column 5",
                "error: format is table or json",
                "error: colour needs a terminal and NO_COLOR unset",
                "error: no setting 'volume'; settings are today, timezone, lang, week, format, colour, trace, timeout, "
                    + "fhirpath-limit, wake, breakfast, lunch, dinner, sleep, day",
                "error: usage: set [NAME VALUE]",
                "error: usage: connect [URL | NAME | builtin [dstu2|stu3|r4|r4b|r5] [--load PATH ...] [--auth smart]]",
                "error: usage: administer N taken|missed [at DATE-TIME]",
            ])
        // A failed connect keeps the session it had: whoami still answers.
        #expect(transcript.output.contains("Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)\n  born"))
    }

    @Test func emptyStatesAndAnInvalidTime() async {
        let (status, transcript) = await Self.session([
            "connect builtin r4", "login f003", "orders", "login f001", "orders", "administrations 10",
            "administer 1 missed at yesterday",
        ])
        #expect(status == 1)
        #expect(transcript.output.contains("logged in as Lukas Probst (Patient/f003)\nNo prescriptions\n"))
        #expect(transcript.output.hasSuffix("No administrations\n"))
        #expect(
            transcript.errors
                == "error: 'yesterday' is not a date-time with its zone, such as 2016-08-16T08:00:00+02:00\n"
        )
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
                "error: trace is off, on or body",
            ])
    }

    /// Trace takes effect at once, on the client already connected.
    @Test func traceAppliesToTheConnectedClient() async {
        let (_, transcript) = await Self.session(["connect builtin", "trace on", "login", "trace off", "logout"])
        #expect(transcript.output.contains("trace     on\n> GET http://127.0.0.1:"))
        #expect(transcript.output.contains("/fhir/Patient?_id=f001 -> 200"))
        #expect(transcript.output.components(separatedBy: "> GET").count == 2)
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
}
