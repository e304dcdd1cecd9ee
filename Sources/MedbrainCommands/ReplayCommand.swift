import ArgumentParser
import Foundation
import MedbrainREPL
import MedbrainWorkbook

#if canImport(Glibc)
    import Glibc
#endif

/// `medbrain replay FILE`: a transcript played for a class, typed and really run.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a transcript for a class: each command typed at a human pace and run on a fresh server.",
        discussion: """
            On a terminal: Enter goes on from a pause, space pauses, n runs ahead to the next \
            %pause marker, + and - change the speed, q stops. Without a terminal it plays \
            through without stopping.
            """
    )

    @Argument(help: "The transcript to play.")
    var file: String

    @Flag(help: "Wait for Enter before every command, not only at %pause markers.")
    var step = false

    @Option(help: "Milliseconds per typed character (5 to 500).")
    var delay = 40

    func validate() throws {
        guard (5...500).contains(delay) else { throw ValidationError("--delay is from 5 to 500 milliseconds") }
    }

    func run() async throws {
        let text = String(decoding: try CommandInput.read(file, limit: Transcript.maximumFileSize), as: UTF8.self)
        let transcript: Transcript
        do { transcript = try Transcript(parsing: text, file: file) } catch { throw CommandFailure("\(error)") }
        let keys = TerminalKeys()
        if step, keys == nil { throw CommandFailure("--step needs a terminal to press Enter on") }
        defer { keys?.restore() }
        if keys != nil {
            Output.standardOutput("Keys: Enter goes on, space pauses, n skips ahead, + and - change speed, q stops.\n")
        }
        let replay = TranscriptReplay(
            transcript: transcript,
            console: REPLCommand.console(screen: isatty(STDOUT_FILENO) == 1, terminal: false), keys: keys, step: step,
            delay: .milliseconds(delay))
        _ = await replay.play(
            workbook: Workbook.load(from: Workbook.defaultFolder()), launch: BuiltinServers.launchInProcess)
    }
}
