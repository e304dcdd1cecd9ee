import FHIRModel
import Foundation
import MedbrainCommands
import TestSupport

@testable import MedbrainREPL

/// Captures what the REPL writes.
final class Transcript: Sendable {
    private let captured = CapturedOutput()
    var output: String { captured.output }
    var errors: String { captured.errors }

    func console(
        width: @escaping @autoclosure @Sendable () -> Int = 100, interactive: Bool = false, unicode: Bool = true,
        colour: Bool = false
    ) -> Console {
        Console(
            width: width(), colour: colour, interactive: interactive, unicode: unicode, output: captured.append,
            error: captured.appendError)
    }

    /// What was written since `mark` (a count of characters written before).
    func output(since mark: Int) -> String { String(output.dropFirst(mark)) }
}

/// A REPL on the built-in server with the dataset's fixed clock, run a command at a time.
final class Probe {
    let transcript = Transcript()
    let repl: REPL

    /// 2016-08-16T08:00:00Z, the dataset's "today".
    static let datasetNow = Date(timeIntervalSince1970: 1_471_334_400)

    /// A test that shows the REPL's own default passes `REPL.defaultTimeout`.
    init(
        width: @escaping @autoclosure @Sendable () -> Int = 100, interactive: Bool = false, unicode: Bool = true,
        colour: Bool = false, requestTimeout: Double = BusyMachine.requestTimeout
    ) {
        repl = REPL(
            console: transcript.console(width: width(), interactive: interactive, unicode: unicode, colour: colour),
            now: Self.datasetNow, servers: .inProcess(now: Self.datasetNow),
            timeout: requestTimeout)
    }

    /// Runs `line`; what it wrote to output and to errors.
    @discardableResult
    func run(_ line: String) async -> (output: String, errors: String) {
        let (output, errors) = (transcript.output.count, transcript.errors.count)
        await repl.execute(line)
        return (transcript.output(since: output), String(transcript.errors.dropFirst(errors)))
    }

    /// Runs each line; fails on the first error written.
    func setUp(_ lines: [String]) async throws {
        for line in lines {
            let (_, errors) = await run(line)
            if !errors.isEmpty { throw REPLError("\(line): \(errors)") }
        }
    }

    /// The JSON value `line` printed (with `set format json`).
    func json(_ line: String) async throws -> JSONValue {
        try JSONParser.parse(await run(line).output)
    }

    func stop() async { await repl.shutdown() }
}
