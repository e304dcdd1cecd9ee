import FHIRModel
import Foundation
import MedicationTutorial

/// What Tab offers after a command's name, from what the session holds: the listed orders, the
/// server's types and search parameters, the profiles, a setting's values, file paths.
struct Completions {
    let context: CommandContext

    /// The numbers of the orders listed last.
    var orderNumbers: [String] { context.session.orders.indices.map { String($0 + 1) } }

    /// The server profiles' names.
    var profileNames: [String] { (try? ServerProfiles.load(from: context.serversPath))?.profiles.map(\.name) ?? [] }

    /// The resource types the connected server lists.
    var resourceTypes: [String] { context.session.client?.server.resourceTypes ?? [] }

    /// The resource types the server lists, as the first word.
    func types(_ words: [String]) -> [String] {
        words.count == 2 ? resourceTypes : []
    }

    /// The resource type first, then its search parameters.
    func search(_ words: [String]) -> [String] {
        words.count == 2 ? resourceTypes : parameters(words[1])
    }

    /// The type's search parameters the server lists, and the ones every search has, each
    /// ending in `=` so the value follows at once.
    func parameters(_ type: String) -> [String] {
        let listed = context.session.client?.server.searchParameters[type] ?? []
        let common = [
            "_id", "_lastUpdated", "_count", "_sort", "_include", "_revinclude", "_summary", "_elements", "_total",
        ]
        return (listed + common.filter { !listed.contains($0) }).map { $0 + "=" }
    }

    func settingValues(_ name: String) -> [String] {
        switch Settings.name(name) {
        case "lang": context.languages.codes
        case "week": WeekConvention.allCases.map(\.rawValue)
        case "format": Settings.OutputFormat.allCases.map(\.rawValue)
        case "trace": Settings.TraceMode.allCases.map(\.rawValue)
        case "colour": ["on", "off"]
        case "timeout", "fhirpath-limit": ["5", "10", "30", "60"]
        case "today":
            ["today", Settings.iso(CivilDay.today(in: context.settings.current.timeZone, at: context.clock()))]
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
