import Foundation

/// `help` and `set`.
extension REPL {
    func help(_ arguments: [String]) throws {
        let added = extensions.flatMap(\.commands)
        if let name = arguments.first?.lowercased() {
            if let entry = CommandCatalog.entry(name) {
                // The generic commands point at the FHIR specification's page for their interaction.
                let specification = entry.section.hasPrefix("http") ? "https://hl7.org/fhir/R4/\(entry.section)" : nil
                show(
                    [
                        "name": .string(entry.name), "usage": .string(entry.usage), "summary": .string(entry.summary),
                        "section": .string(entry.section), "example": .string(entry.example),
                    ],
                    lines: [
                        "usage: \(entry.usage)",
                        "  \(entry.summary)" + (entry.section.hasPrefix("§") ? " (tutorial \(entry.section))" : ""),
                        "  example: \(entry.example)",
                    ] + (specification.map { ["  FHIR: \($0)"] } ?? []))
            } else if let command = added.first(where: { $0.name == name }) {
                console.line("usage: \(command.usage)")
                console.line("  \(command.summary)")
                console.line("  example: \(command.example)")
            } else {
                throw REPLError(CommandCatalog.unknown(name, also: added.map(\.name)))
            }
            return
        }
        let sections =
            CommandCatalog.steps.map { ($0.0, $0.1.map { ($0.name, $0.usage, $0.summary) }) }
            + extensions.map { ($0.title, $0.commands.map { ($0.name, $0.usage, $0.summary) }) }
        show(
            .array(
                sections.flatMap { title, commands in
                    commands.map {
                        ["group": .string(title), "name": .string($0), "usage": .string($1), "summary": .string($2)]
                    }
                }),
            lines: sections.flatMap { title, commands in
                [title] + commands.flatMap { _, usage, summary in helpLines(usage, summary) }
            })
    }

    /// `  usage   summary` in columns when the console is wide enough, else the summary below.
    private func helpLines(_ usage: String, _ summary: String) -> [String] {
        let column = 46
        if usage.count < column - 2, column + 2 + summary.count <= console.width {
            return ["  " + usage.padding(toLength: column, withPad: " ", startingAt: 0) + summary]
        }
        return ["  " + usage] + TextTable.wrap(summary, width: max(20, console.width - 6)).map { "      " + $0 }
    }

    /// `set` alone shows every setting; `set NAME VALUE` changes one and shows it.
    func set(_ arguments: [String]) throws {
        guard arguments.count == 0 || arguments.count == 2 else {
            throw CommandCatalog.usage("set")
        }
        if arguments.count == 2 {
            let (languages, colourAllowed) = (languages, console.colour)
            try settings.update { settings throws(REPLError) in
                try settings.change(
                    arguments[0].lowercased(), to: arguments[1], languages: languages, colourAllowed: colourAllowed)
            }
            // The connected server's requests wait as long as the setting says, from the next one on.
            session.client = session.client?.with(timeout: settings.current.timeout)
        }
        let current = settings.current
        let shown = current.shown(languages: languages, now: clock())
        let chosen = arguments.first.map { name in shown.filter { $0.0 == Self.settingName(name) } } ?? shown
        show(
            current.json(now: clock()),
            lines: chosen.map { $0.0.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.1 })
    }

    /// `color` is `colour`, as users of either spelling expect.
    static func settingName(_ typed: String) -> String {
        typed.lowercased() == "color" ? "colour" : typed.lowercased()
    }
}
