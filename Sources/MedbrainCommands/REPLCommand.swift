import ArgumentParser
import FHIRModel
import FHIRServer
import Foundation
import LineEditing
import MedbrainREPL

/// `medbrain` (or `medbrain repl`): the REPL, connected to the built-in server or `--server`.
struct REPLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "The interactive workbook: connect, login, orders, instructions, administrations (the default).",
        discussion: """
            Reads one command per line; 'help' lists them. With standard input piped, it runs \
            the lines as a script without prompts and exits 1 if any command failed.
            """
    )

    @Option(help: "Where to connect first: a FHIR base URL, or builtin.")
    var server = "builtin"

    @Option(name: .customLong("fhir-version"), help: "The built-in server's version: dstu2 (the tutorial's) or r4.")
    var fhirVersion: FHIRVersion = .dstu2

    /// Without a subcommand: the REPL, connected to the built-in server (or `--server`).
    func run() async throws {
        let terminal = isatty(STDIN_FILENO) == 1
        let screen = isatty(STDOUT_FILENO) == 1
        let colour = screen && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        // Data written to a file or pipe stays UTF-8; only a terminal that shows nothing
        // else gets ASCII.
        let console = Console(
            width: Terminal.columns, colour: colour, interactive: terminal && screen,
            unicode: !screen || Console.localeIsUTF8(), output: { Output.standardOutput($0) },
            error: { Output.standardError($0) })
        let interrupted: (@Sendable () -> Bool)? = terminal ? Self.interruptedSinceLastLook : nil
        let repl = REPL(console: console, interrupted: interrupted)
        if terminal {
            Output.standardOutput(
                "Medbrain \(MedbrainInfo.version): learn FHIR step by step. 'help' lists the commands.\n")
        }
        let connect = server == "builtin" ? "connect builtin \(fhirVersion.rawValue)" : "connect \"\(server)\""
        var failed = !(await repl.execute(connect))
        let status: Int32
        if terminal {
            let editor = LineEditor(
                prompt: "medbrain> ", historyPath: LineEditor.defaultHistoryPath(),
                completer: { repl.completions(for: $0) })
            status = await repl.run(lines: EditedLines(editor: editor))
        } else {
            status = await repl.run(lines: StandardInputLines(prompt: nil))
        }
        failed = failed || status != 0
        if failed { throw ExitCode(1) }
    }

    @Sendable static func interruptedSinceLastLook() -> Bool { LineEditor.takeInterrupt() }
}
