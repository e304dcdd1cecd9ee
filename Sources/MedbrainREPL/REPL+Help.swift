import Foundation

/// `help` and `set`.
extension REPL {
    func help(_ arguments: [String]) throws {
        if let name = arguments.first {
            guard let entry = CommandCatalog.entry(name.lowercased()) else {
                throw REPLError(CommandCatalog.unknown(name))
            }
            console.line("usage: \(entry.usage)")
            console.line("  \(entry.summary)" + (entry.section.isEmpty ? "" : " (tutorial \(entry.section))"))
            console.line("  example: \(entry.example)")
            return
        }
        for (step, entries) in CommandCatalog.steps {
            console.line(step)
            for entry in entries {
                console.line(
                    "  " + entry.usage.padding(toLength: max(entry.usage.count, 44), withPad: " ", startingAt: 0) + "  "
                        + entry.summary)
            }
        }
    }

    /// `set` alone shows every setting; `set NAME VALUE` changes one and shows it.
    func set(_ arguments: [String]) throws {
        guard arguments.count == 0 || arguments.count == 2 else {
            throw REPLError("usage: \(CommandCatalog.entry("set")!.usage)")
        }
        if arguments.count == 2 {
            let (languages, colourAllowed) = (languages, console.colour)
            try settings.update { settings throws(REPLError) in
                try settings.change(
                    arguments[0].lowercased(), to: arguments[1], languages: languages, colourAllowed: colourAllowed)
            }
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
