import ArgumentParser
import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import LineEditing
import MedbrainREPL
import MedbrainWorkbook
import MedicationTutorial

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

    @Option(
        name: .customLong("fhir-version"),
        help: "The built-in server's version: \(FHIRVersion.listed(lowercased: true)); dstu2 is the tutorial's.")
    var fhirVersion: FHIRVersion?

    @Option(help: "Output: table for people, or json (one JSON value per command) for scripts.")
    var format = "table"

    func validate() throws {
        guard ["table", "json"].contains(format) else { throw ValidationError("--format is table or json") }
        if fhirVersion != nil, server.lowercased() != "builtin" {
            throw ValidationError("--fhir-version is for the built-in server; a server at a URL says its own")
        }
    }

    /// Without a subcommand: the REPL, connected to the built-in server (or `--server`).
    func run() async throws {
        let terminal = isatty(STDIN_FILENO) == 1
        let screen = isatty(STDOUT_FILENO) == 1
        let builtin = server.lowercased() == "builtin"
        // Only what the first prompt needs: the built-in server. The languages and the lessons
        // are read when first used.
        let servers = BuiltinServers.inProcess(now: nil)
        if builtin { await servers.prepare(fhirVersion ?? .dstu2) }
        let repl = REPL(
            console: Self.console(screen: screen, terminal: terminal), servers: servers,
            languages: LanguageCatalog.standard(), interrupted: terminal ? Self.interruptedSinceLastLook : nil)
        let folder = Workbook.defaultFolder()
        let lessons = LessonCommands(
            workbook: { Workbook.load(from: folder) }, progressPath: LessonProgress.defaultPath(),
            classSeed: ProcessInfo.processInfo.environment["MEDBRAIN_SEED"],
            instructorKey: ProcessInfo.processInfo.environment["MEDBRAIN_CLASS_KEY"])
        for warning in lessons.warnings { Output.standardError("warning: \(warning)\n") }
        repl.extensions = [lessons]
        // On a terminal the line editor takes Ctrl-C from here on, the first connect included.
        let editor =
            terminal
            ? LineEditor(
                prompt: "medbrain> ", historyPath: LineEditor.defaultHistoryPath(),
                completer: { repl.completions(for: $0) }, keeps: HiddenSecrets.mayKeepInHistory) : nil
        // Questions (delete's) are asked on the terminal; a script is not asked. Only a command
        // asks, and a command runs only while the loop below waits for it, never while the
        // editor reads a line: the editor is never used from two places at once.
        if let editor {
            nonisolated(unsafe) let asking = editor
            repl.confirm = { ["y", "yes"].contains(asking.ask($0)?.lowercased() ?? "") }
        }
        if terminal && screen {
            Output.standardOutput(
                "Medbrain \(MedbrainInfo.version): learn FHIR step by step. 'help' lists the commands, "
                    + "'lesson' starts the workbook, 'web' gives the address of the class's web view.\n")
            if let note = lessons.resumeNote { Output.standardOutput(note + "\n") }
        }
        if format == "json" { await repl.execute(words: ["set", "format", "json"]) }
        let connect =
            builtin
            ? ["connect", "builtin", (fhirVersion ?? .dstu2).rawValue] : ["connect", server]
        let connected = await repl.execute(words: connect)
        guard let editor else {
            // A script ends the process: the built-in servers hold nothing to save (no data
            // file) and stop with it, so no graceful shutdown is waited for.
            let status = await repl.run(lines: StandardInputLines(prompt: nil), stoppingServers: false)
            // A script's status says whether everything in it worked.
            Foundation.exit(!connected || status != 0 ? 1 : 0)
        }
        _ = await repl.run(lines: EditedLines(editor: editor, continues: { repl.isContinuing }))
    }

    /// Where the REPL writes: colour only on a terminal without NO_COLOR; data written to a
    /// file or pipe stays UTF-8, and only a terminal that shows nothing else gets ASCII.
    static func console(screen: Bool, terminal: Bool) -> Console {
        Console(
            width: Terminal.columns, colour: screen && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty,
            interactive: terminal && screen, unicode: !screen || Console.localeIsUTF8(),
            output: { Output.standardOutput($0) }, error: { Output.standardError($0) })
    }

    @Sendable static func interruptedSinceLastLook() -> Bool { LineEditor.takeInterrupt() }
}
