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
        guard words.count > 1 else { return commands.names }
        return commands.command(words[0])?.complete(self, words) ?? []
    }

    /// The numbers of the orders listed last.
    var orderNumbers: [String] { session.orders.indices.map { String($0 + 1) } }

    /// The server profiles' names.
    var profileNames: [String] { (try? ServerProfiles.load(from: serversPath))?.profiles.map(\.name) ?? [] }

    /// The resource types the connected server lists.
    var resourceTypes: [String] { session.client?.server.resourceTypes ?? [] }

    /// The type's search parameters the server lists, and the ones every search has, each
    /// ending in `=` so the value follows at once.
    func searchParameterNames(_ type: String) -> [String] {
        let listed = session.client?.server.searchParameters[type] ?? []
        let common = ["_id", "_lastUpdated", "_count", "_sort", "_include", "_summary", "_elements"]
        return (listed + common.filter { !listed.contains($0) }).map { $0 + "=" }
    }

    func settingValues(_ name: String) -> [String] {
        switch Self.settingName(name) {
        case "lang": languages.codes
        case "week": WeekConvention.allCases.map(\.rawValue)
        case "format": Settings.OutputFormat.allCases.map(\.rawValue)
        case "trace": Settings.TraceMode.allCases.map(\.rawValue)
        case "colour": ["on", "off"]
        case "timeout", "fhirpath-limit": ["5", "10", "30", "60"]
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
