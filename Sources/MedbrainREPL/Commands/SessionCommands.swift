import FHIRModel
import Foundation
import ResultTables

/// The session's own commands: its settings, `trace`, `help` and `quit`.
extension CommandGroup {
    static var session: CommandGroup {
        CommandGroup(
            "Session",
            [
                .builtin(
                    "set", usage: "set [NAME VALUE]",
                    summary:
                        "show or change a setting: today, timezone, lang, week, format, colour, trace, timeout, "
                        + "fhirpath-limit",
                    example: "set format json",
                    complete: { context, words in
                        switch words.count {
                        case 2: Settings.names
                        case 3: context.completions.settingValues(words[1])
                        default: []
                        }
                    }, run: { try SessionCommands(context: $0).set($1) }),
                .builtin(
                    "trace", usage: "trace on|off|body", summary: "print each HTTP request (and its bodies)",
                    example: "trace on",
                    complete: { _, words in words.count == 2 ? Settings.TraceMode.allCases.map(\.rawValue) : [] },
                    run: { try SessionCommands(context: $0).trace($1) }),
                .builtin(
                    "help", aliases: ["?"], usage: "help [COMMAND]", summary: "this list, or one command's usage",
                    example: "help login",
                    complete: { context, words in words.count == 2 ? context.commands.names : [] },
                    run: { try SessionCommands(context: $0).help($1) }),
                .builtin(
                    "quit", aliases: ["exit"], usage: "quit", summary: "leave (also exit, or Ctrl-D)", example: "quit",
                    run: { context, arguments in
                        guard arguments.isEmpty else { throw UsageError() }
                        context.quitAsked = true
                    }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct SessionCommands {
    let context: CommandContext

    fileprivate func help(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw UsageError() }
        if let name = arguments.first {
            guard let command = context.commands.command(name) else {
                throw context.commands.unknown(name.lowercased())
            }
            return describe(command)
        }
        let groups = context.commands.groups
        context.show(
            .array(
                groups.flatMap { group in
                    group.commands.map {
                        [
                            "group": .string(group.title), "name": .string($0.name), "usage": .string($0.usage),
                            "summary": .string($0.summary),
                        ]
                    }
                }),
            lines: groups.flatMap { group in
                [group.title] + group.commands.flatMap { helpLines($0.usage, $0.summary) }
            })
    }

    /// `help COMMAND`: its usage, what it does, an example, and where the tutorial or FHIR's
    /// specification explains it.
    private func describe(_ command: Command) {
        // The generic commands point at the FHIR specification's page for their interaction.
        let specification = command.section.hasPrefix("http") ? "https://hl7.org/fhir/R4/\(command.section)" : nil
        context.show(
            [
                "name": .string(command.name), "usage": .string(command.usage), "summary": .string(command.summary),
                "section": .string(command.section), "example": .string(command.example),
            ],
            lines: [
                "usage: \(command.usage)",
                "  \(command.summary)" + (command.section.hasPrefix("§") ? " (tutorial \(command.section))" : ""),
                "  example: \(command.example)",
            ] + (specification.map { ["  FHIR: \($0)"] } ?? []))
    }

    /// `  usage   summary` in columns when the console is wide enough, else the summary below.
    private func helpLines(_ usage: String, _ summary: String) -> [String] {
        let column = 46
        if usage.count < column - 2, column + 2 + summary.count <= context.console.width {
            return ["  " + usage.padding(toLength: column, withPad: " ", startingAt: 0) + summary]
        }
        return ["  " + usage] + TextTable.wrap(summary, width: max(20, context.console.width - 6)).map { "      " + $0 }
    }

    /// `set` alone shows every setting; `set NAME VALUE` changes one and shows it.
    fileprivate func set(_ arguments: [String]) throws {
        guard arguments.count == 0 || arguments.count == 2 else {
            throw UsageError()
        }
        if arguments.count == 2 {
            let (languages, colourAllowed) = (context.languages, context.console.colour)
            try context.settings.update { settings throws(REPLError) in
                try settings.change(
                    arguments[0].lowercased(), to: arguments[1], languages: languages, colourAllowed: colourAllowed)
            }
            // The connected server's requests wait as long as the setting says, from the next one on.
            context.session.client = context.session.client?.with(timeout: context.settings.current.timeout)
        }
        let current = context.settings.current
        let shown = current.shown(languages: context.languages, now: context.clock())
        let chosen = arguments.first.map { name in shown.filter { $0.0 == Settings.name(name) } } ?? shown
        context.show(
            current.json(now: context.clock()),
            // Values line up at column 11; a longer name (fhirpath-limit) keeps two spaces after it.
            lines: chosen.map { $0.0.padding(toLength: max(10, $0.0.count + 2), withPad: " ", startingAt: 0) + $0.1 })
    }

    fileprivate func trace(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw UsageError() }
        try set(["trace", arguments[0]])
    }
}
