import ArgumentParser
import FHIRModel
import Foundation
import LineEditing
import MedbrainREPL
import MedbrainWorkbook

#if canImport(Glibc)
    import Glibc
#endif

/// `medbrain record FILE`: an interactive session written down as a transcript.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a session on a fresh built-in server into a transcript, for verify and replay.",
        discussion: """
            The session runs with a fixed clock (--now) so that the recording replays the same \
            way; 'quit' or Ctrl-D ends it and writes FILE.
            """
    )

    @Argument(help: "The transcript to write.")
    var file: String

    @Option(
        name: .customLong("fhir-version"),
        help: "The built-in server's version: \(FHIRVersion.listed(lowercased: true)).")
    var fhirVersion: FHIRVersion = .dstu2

    @Option(help: "The session's clock, such as 2016-08-16T08:00:00Z (the dataset's today, by default).")
    var now = "2016-08-16T08:00:00Z"

    @Option(help: "The time zone for dates.")
    var timezone = "UTC"

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    func run() async throws {
        if !force, FileManager.default.fileExists(atPath: file) {
            throw CommandFailure("\(file) exists; --force replaces it")
        }
        var header = Transcript.Header()
        do {
            try header.set("server", "builtin \(fhirVersion.rawValue)")
            try header.set("now", now)
            try header.set("timezone", timezone)
        } catch { throw CommandFailure(error.description) }
        header.width = Terminal.columns
        let terminal = isatty(STDIN_FILENO) == 1
        let recorder = await TranscriptRecorder(
            header: header, console: REPLCommand.console(screen: isatty(STDOUT_FILENO) == 1, terminal: terminal),
            workbook: Workbook.load(from: Workbook.defaultFolder()), launch: BuiltinServers.launchInProcess)
        let lines: any Sequence<String> =
            terminal
            ? EditedLines(
                editor: LineEditor(
                    prompt: "record> ", historyPath: LineEditor.defaultHistoryPath(),
                    completer: { recorder.session.completions(for: $0) }),
                // A transcript's step is one line, so a command is not continued across lines here.
                continues: { false })
            : StandardInputLines(prompt: nil)
        for line in lines {
            await recorder.record(line)
            if recorder.session.isFinished { break }
        }
        await recorder.shutdown()
        try recorder.transcript.write(toFile: file, atomically: true, encoding: .utf8)
        Output.standardError("recorded \(file)\n")
    }
}
