import FHIRModel
import Foundation
import MedicationTutorial

/// What Tab offers: command names, then each command's own words and the listed orders;
/// a word starting with `@` is a file path.
extension REPL {
    /// The words that may end `line` (the text up to the cursor).
    public func completions(for line: String) -> [String] {
        guard var words = try? CommandWords.split(line) else { return [] }
        // The word being typed, or a new one after a space.
        if line.last?.isWhitespace ?? true { words.append("") }
        if let typed = words.last, typed.hasPrefix("@") { return Self.paths(completing: typed) }
        let names = (CommandCatalog.all.map(\.name) + extensions.flatMap(\.commands).map(\.name)).sorted()
        guard words.count > 1 else { return names }
        if let plugin = extensions.first(where: { $0.commands.contains { $0.name == words[0].lowercased() } }) {
            return plugin.completions(for: words, in: self)
        }
        let orders = session.orders.indices.map { String($0 + 1) }
        let position = words.count - 1
        switch (words[0].lowercased(), position) {
        case ("help", 1): return names
        case ("connect", 1):
            return ["builtin"] + ((try? ServerProfiles.load(from: serversPath))?.profiles.map(\.name) ?? [])
        case ("connect", 2) where words[1] == "builtin": return FHIRVersion.allCases.map(\.rawValue)
        case ("group", 1): return GroupingMode.allCases.map(\.rawValue)
        case ("group", 2), ("order", 1), ("administrations", 1), ("administer", 1): return orders
        case ("administer", 2): return ["taken", "missed"]
        case ("administer", 3): return ["at"]
        case ("instructions", _):
            if words[position - 1] == "--lang" { return languages.codes }
            return (position == 1 ? orders : []) + ["--lang", "--breakdown"]
        case ("set", 1): return Settings.names
        case ("set", 2): return settingValues(words[1])
        case ("trace", 1): return Settings.TraceMode.allCases.map(\.rawValue)
        case ("search", 1), ("count", 1), ("read", 1), ("history", 1), ("create", 1), ("update", 1), ("delete", 1):
            return session.client?.server.resourceTypes ?? []
        case ("search", _), ("count", _): return searchParameterNames(words[1])
        case ("page", 1): return ["next", "previous", "first", "last", "all"]
        case ("show", 1): return ["json", "table", "summary"]
        case ("validate", 1): return FHIRVersion.allCases.map(\.rawValue)
        case ("delete", 3): return ["--yes"]
        case ("observe", 1): return ["steps"]
        case ("observe", 3): return ["at"]
        case ("register", _):
            return ["--birth-date", "--gender"].contains(words[position - 1]) ? [] : ["--birth-date", "--gender"]
        case ("login", _):
            // After an option comes its value, which only the user knows.
            return ["--identifier", "--email"].contains(words[position - 1]) ? [] : ["--identifier", "--email"]
        default: return []
        }
    }

    /// The type's search parameters the server lists, and the ones every search has, each
    /// ending in `=` so the value follows at once.
    private func searchParameterNames(_ type: String) -> [String] {
        let listed = session.client?.server.searchParameters[type] ?? []
        let common = ["_id", "_lastUpdated", "_count", "_sort", "_include", "_summary", "_elements"]
        return (listed + common.filter { !listed.contains($0) }).map { $0 + "=" }
    }

    private func settingValues(_ name: String) -> [String] {
        switch Self.settingName(name) {
        case "lang": languages.codes
        case "week": WeekConvention.allCases.map(\.rawValue)
        case "format": Settings.OutputFormat.allCases.map(\.rawValue)
        case "trace": Settings.TraceMode.allCases.map(\.rawValue)
        case "colour": ["on", "off"]
        case "timeout": ["5", "10", "30", "60"]
        case "today": ["today", Settings.iso(CivilDay.today(in: settings.current.timeZone, at: clock()))]
        case "timezone": (["UTC"] + TimeZone.knownTimeZoneIdentifiers).sorted()
        default: []
        }
    }

    /// `@` and the paths in the typed folder whose names start as typed; folders end in `/`.
    /// Hidden files show only when their dot is typed, as in a shell.
    static func paths(completing typed: String, in base: String = FileManager.default.currentDirectoryPath)
        -> [String]
    {
        let path = String(typed.dropFirst())
        let (folder, prefix): (String, String) =
            if let slash = path.lastIndex(of: "/") {
                (String(path[...slash]), String(path[path.index(after: slash)...]))
            } else {
                ("", path)
            }
        let expanded = folder.hasPrefix("~/") ? NSHomeDirectory() + folder.dropFirst() : folder
        let directory = expanded.hasPrefix("/") ? expanded : base + "/" + expanded
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map {
            name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isFolder)
            return "@" + folder + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
