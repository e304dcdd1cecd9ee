import Foundation
import MedbrainREPL
import MedicationTutorial

/// A transcript run on a fresh REPL and built-in server: what each step printed, and
/// whether it matched.
public struct TranscriptRun: Sendable {
    public struct Outcome: Sendable {
        public let step: Transcript.Step
        /// The command as run, captures filled in.
        public let command: String
        /// What it printed, output and errors in order, with the built-in server's address as `[BASE]`.
        public let actual: [String]
        public let matched: Bool
    }

    public let transcript: Transcript
    public let outcomes: [Outcome]

    public var matched: Bool { outcomes.allSatisfy(\.matched) }

    /// Runs every step in order; a step that does not match does not stop the rest. With a
    /// workbook the session has its lesson commands too, progress kept in memory only.
    public static func run(
        _ transcript: Transcript, workbook: Workbook? = nil, launch: @escaping BuiltinServerLauncher,
        languages: LanguageCatalog = .standard()
    ) async -> TranscriptRun {
        let header = transcript.header
        let printed = Printed()
        let console = Console(width: header.width, output: printed.append, error: printed.append)
        let repl = await header.session(console: console, workbook: workbook, launch: launch, languages: languages)
        let bases = await repl.builtinBaseURLs()
        _ = printed.take()
        var captures: [String: String] = [:]
        var outcomes: [Outcome] = []
        for step in transcript.steps {
            let command = fill(step.command, captures)
            await repl.execute(command)
            let actual = redact(
                printed.take(), bases: bases + (await repl.builtinBaseURLs()),
                secrets: await repl.builtinSignInSecrets())
            let matched = OutputPattern(step.expected).match(actual, captures: &captures)
            outcomes.append(Outcome(step: step, command: command, actual: actual, matched: matched))
        }
        await repl.shutdown()
        return TranscriptRun(transcript: transcript, outcomes: outcomes)
    }

    /// `[[name]]` in a command replaced by what was captured.
    static func fill(_ command: String, _ captures: [String: String]) -> String {
        captures.reduce(command) { $0.replacingOccurrences(of: "[[\($1.key)]]", with: $1.value) }
    }

    /// Lines without what changes from run to run: the built-in server's port (its base as
    /// `[BASE]`, its address as `[ORIGIN]`), its sign-in secret (`[SECRET]`), request times.
    static func redact(_ text: String, bases: [String], secrets: [String] = []) -> [String] {
        var text = secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "[SECRET]") }
        text = bases.reduce(text) { $0.replacingOccurrences(of: $1, with: "[BASE]") }
        // The address alone, for what is served beside the base (a SMART server's /auth/…).
        text = bases.reduce(text) { $0.replacingOccurrences(of: RequestPattern.origin(of: $1), with: "[ORIGIN]") }
        text = text.replacing(/\(\d+ ms\)/, with: "([..] ms)")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
