import FHIRModel
import Foundation
import MedbrainREPL

/// An interactive session written down as a transcript: the person sees everything as usual,
/// and each command is kept with what it printed, the built-in server's address as `[BASE]`.
public final class TranscriptRecorder {
    let header: Transcript.Header
    let repl: REPL
    private let printed = Printed()
    private var steps: [(command: String, output: [String])] = []

    /// A fresh session as `header` describes it; `console` is where the person watches.
    public init(
        header: Transcript.Header, console: Console, workbook: Workbook?, launch: @escaping BuiltinServerLauncher
    ) async {
        self.header = header
        let (output, error, printed) = (console.output, console.error, printed)
        let tee = Console(
            width: header.width, colour: false, interactive: console.interactive, unicode: console.unicode,
            output: { text in
                output(text)
                printed.append(text)
            },
            error: { text in
                error(text)
                printed.append(text)
            })
        repl = await header.session(console: tee, workbook: workbook, launch: launch)
    }

    /// The session, for completion and for knowing when it is finished.
    public var session: REPL { repl }

    /// Runs `line` and keeps it with its output; blank lines are not kept.
    public func record(_ line: String) async {
        _ = printed.take()
        await repl.execute(line)
        guard !line.isBlank else { return }
        let text = printed.take()
        // A secret typed in full is kept as the placeholder a replay fills in again.
        let secrets = await repl.builtinSignInSecrets()
        let kept = secrets.reduce(line) { $0.replacingOccurrences(of: $1, with: "[SECRET]") }
        steps.append((kept, TranscriptRun.redact(text, bases: await repl.builtinBaseURLs(), secrets: secrets)))
    }

    /// The transcript so far, ready to be written to a file.
    public var transcript: String {
        let formatter = ISO8601DateFormatter()
        var lines = [
            "% Recorded with medbrain record.",
            "%server " + (header.server.map { "builtin \($0.rawValue)" } ?? "none"),
            "%now " + formatter.string(from: header.now), "%timezone " + header.timeZone, "%width \(header.width)",
        ]
        for step in steps {
            lines.append(Transcript.prompt + step.command)
            lines += step.output.map(TranscriptRun.escaped)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    public func shutdown() async { await repl.shutdown() }
}
