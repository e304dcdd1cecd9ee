import FHIRModel

/// Every command the REPL knows, the built-in ones and those its extensions add, by group.
struct CommandTable: Sendable {
    let groups: [CommandGroup]

    var all: [Command] { groups.flatMap(\.commands) }

    /// Every command's name, sorted, for Tab (aliases are for those who know them).
    var names: [String] { all.map(\.name).sorted() }

    /// The command `word` names (any case), if there is one.
    func command(_ word: String) -> Command? {
        let word = word.lowercased()
        return all.first { $0.answers(to: word) }
    }

    /// `unknown command 'ordrs'; did you mean 'orders'?`
    func unknown(_ name: String) -> REPLError {
        // A pasted paragraph is no misspelling: say so briefly, without comparing it.
        guard name.count <= 40 else { return REPLError("unknown command '\(name.prefix(40))…'; 'help' lists them") }
        // `?` is a shortcut, not a word anyone misspells; `exit` is.
        let words = all.flatMap { [$0.name] + $0.aliases }.filter { $0.first?.isLetter == true }
        let closest = words.map { ($0, $0.editDistance(to: name)) }.min { $0.1 < $1.1 }
        guard let closest, closest.1 <= max(1, name.count / 3) else {
            return REPLError("unknown command '\(name)'; 'help' lists them")
        }
        return REPLError("unknown command '\(name)'; did you mean '\(closest.0)'?")
    }
}
