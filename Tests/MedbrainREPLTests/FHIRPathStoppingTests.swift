import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// A long FHIRPath evaluation in the REPL ends by Ctrl-C or at `fhirpath-limit`, with one line
/// of error, and the session goes on.
@Suite("stopping a long evaluation")
struct FHIRPathStoppingTests {
    /// Ten million evaluations of the innermost criteria: far longer than any limit here, while
    /// the collections stay small. Each criteria reads `$this`, so that no step is a constant
    /// the engine works out once.
    static let long: String = {
        let ten = "(" + (1...10).map(String.init).joined(separator: " | ") + ")"
        var expression = "$this > 0"
        for _ in 0..<7 { expression = "\(ten).where(\(expression) and $this > 0).count() > 0" }
        return expression
    }()

    @Test func ctrlCStopsTheEvaluation() async throws {
        let transcript = Transcript()
        let started = Flag()
        let repl = REPL(
            console: transcript.console(), now: Probe.datasetNow, servers: .inProcess(now: Probe.datasetNow),
            interrupted: CtrlC.once { started.isRaised }, spinnerDelay: .zero, timeout: BusyMachine.requestTimeout)
        // Only Ctrl-C may end it, however long the machine takes.
        #expect(await repl.execute("set fhirpath-limit 600"))
        started.raise()
        #expect(!(await repl.execute("fhirpath \(Self.long)")))
        #expect(transcript.errors == "error: fhirpath: cancelled\n")
        #expect(await repl.execute("fhirpath 1 + 1"))
        #expect(transcript.output.hasSuffix("integer  2\n"))
        await repl.shutdown()
    }

    @Test func theLimitStopsTheEvaluationAndSaysHowToChangeIt() async throws {
        let probe = Probe()
        try await probe.setUp(["set fhirpath-limit 0.1"])
        #expect(
            await probe.run("fhirpath \(Self.long)").errors
                == "error: fhirpath: stopped after 0.1 s, the time limit of one evaluation "
                + "(set fhirpath-limit SECONDS to change it)\n")
        #expect(await probe.run("fhirpath 1 + 1").output == "integer  2\n")
        await probe.stop()
    }

    @Test func searchWhereStopsAtTheLimitToo() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "set fhirpath-limit 0.1"])
        let result = await probe.run("search Patient --where \"\(Self.long)\"")
        #expect(result.errors.hasPrefix("error: --where: fhirpath: stopped after 0.1 s"), "\(result.errors)")
        #expect(await probe.run("search Patient _count=1").errors == "")
        await probe.stop()
    }

    @Test(arguments: [
        ("set fhirpath-limit 0", false), ("set fhirpath-limit 30", true), ("set fhirpath-limit x", false),
    ])
    func theLimitIsSecondsFromATenthToTenMinutes(line: String, accepted: Bool) async throws {
        let probe = Probe()
        let result = await probe.run(line)
        #expect(
            result.errors
                == (accepted ? "" : "error: fhirpath-limit is a number of seconds from 0.1 to 600, such as 30\n"))
        await probe.stop()
    }
}
