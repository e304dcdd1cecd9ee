import FHIRModel
import Foundation

/// How the generic commands show what the server answered, keep it for `show` and `page`, and
/// save it (`> FILE`).
extension CommandContext {
    /// Remembers `result` for `show` and `page`, then prints it, or writes it to `file`.
    func present(_ result: ExploreResult, savingTo file: String?) throws {
        session.result = result
        if let file { return try save(result.json, to: file) }
        switch settings.current.format {
        case .json: console.output(result.json.prettyText + "\n")
        case .table: console.output(lines(of: result).map { $0 + "\n" }.joined())
        }
    }

    /// For people: a Bundle as tables, one per resource type; a resource as its JSON.
    private func lines(of result: ExploreResult) -> [String] {
        guard let bundle = result.bundle else { return [result.json.prettyText] }
        return bundleLines(bundle, request: result.request)
    }

    /// Any result as tables, a single resource as a table of one row.
    func table(of result: ExploreResult) -> [String] {
        if let bundle = result.bundle { return bundleLines(bundle, request: result.request) }
        let type = result.json["resourceType"]?.stringValue ?? "Resource"
        return [type] + typeTable(type, [result.json], resolve: { _ in nil })
    }

    /// `Patient: 3 of 13 matches (GET Patient?family=x)`, a table per type, the links to follow.
    func bundleLines(_ bundle: FHIRModel.Bundle, request: String) -> [String] {
        let resources = bundle.entry.compactMap(\.resource)
        let included = bundle.entry.filter { $0.search?.mode == "include" }.count
        // A history's deletions are entries without a resource.
        let deletions = bundle.entry.filter { $0.resource == nil }.count
        let matches = resources.count - included + deletions
        guard !resources.isEmpty else {
            return [
                "No matches" + (bundle.total.map { $0 > 0 ? " on this page (\($0) in all)" : "" } ?? "")
                    + " (\(request))"
            ]
        }
        let history = bundle.type == "history"
        let noun = history ? (matches == 1 ? "version" : "versions") : (matches == 1 ? "match" : "matches")
        var counted = "\(matches) \(noun)"
        if let total = bundle.total, total != matches {
            counted = "\(matches) of \(total) \(history ? "versions" : "matches")"
        }
        if included > 0 { counted += ", \(included) included" }
        if deletions > 0 { counted += ", \(deletions) of them " + (deletions == 1 ? "a deletion" : "deletions") }
        var lines = ["\(counted) (\(request))"]
        let types = resources.reduce(into: [String]()) { types, resource in
            let type = resource["resourceType"]?.stringValue ?? "Resource"
            if !types.contains(type) { types.append(type) }
        }
        let resolve = Self.resolver(resources)
        for type in types {
            let ofType = resources.filter { ($0["resourceType"]?.stringValue ?? "Resource") == type }
            lines += ["", type] + typeTable(type, ofType, resolve: resolve, versioned: history)
        }
        let links = ["next", "previous", "prev", "first", "last"].filter { bundle.link($0) != nil }
        // A result of one page has nowhere to go, whatever `first` and `last` links it carries.
        if links.contains(where: { ["next", "previous", "prev"].contains($0) }) {
            lines += [
                "",
                "'page \(links[0] == "prev" ? "previous" : links[0])' follows the link; this page has "
                    + links.joined(separator: ", "),
            ]
        }
        return lines
    }

    /// A table of `resources` of one type; `versioned` adds each one's version (a history).
    private func typeTable(
        _ type: String, _ resources: [JSONValue], resolve: ResourceSummary.Resolver, versioned: Bool = false
    ) -> [String] {
        let summary = ResourceSummary.of(type)
        let rows = resources.map { resource in
            var row = summary.row(resource, resolve)
            if versioned { row.insert(ResourceSummary.text(resource["meta"]?["versionId"]), at: 1) }
            return row
        }
        var header = ["id"] + (versioned ? ["version"] : []) + summary.headers
        var kept = Array(header.indices)
        if summary.dropsEmptyColumns {
            let fixed = versioned ? 2 : 1
            kept = header.indices.filter { index in index < fixed || rows.contains { !$0[index].isEmpty } }
            header = kept.map { header[$0] }
        }
        let shown = rows.map { row in kept.map { row[$0] } }
        return TextTable(header: header, rows: shown, whole: ResourceSummary.whole).render(width: console.width)
    }

    /// Finds a referenced resource among `resources` (an `_include`d medication, say).
    static func resolver(_ resources: [JSONValue]) -> ResourceSummary.Resolver {
        var byReference: [String: JSONValue] = [:]
        for resource in resources {
            guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue else {
                continue
            }
            byReference["\(type)/\(id)"] = resource
        }
        return { reference in byReference[reference] }
    }

    /// One line: what the result is, its size or version, and its label.
    static func summary(of json: JSONValue) -> String {
        let type = json["resourceType"]?.stringValue ?? "a resource without resourceType"
        if type == "Bundle", let bundle = try? FHIRModel.Bundle(json: json) {
            let links = bundle.link.compactMap(\.relation)
            return "Bundle (\(bundle.type ?? "no type")), \(bundle.entry.count) "
                + (bundle.entry.count == 1 ? "entry" : "entries")
                + (bundle.total.map { " of \($0)" } ?? "")
                + (links.isEmpty ? "" : "; links: " + links.joined(separator: ", "))
        }
        let id = json["id"]?.stringValue.map { "\(type)/\($0)" } ?? type
        let version = json["meta"]?["versionId"]?.stringValue.map { ", version \($0)" } ?? ""
        let label = ResourceSummary.label(json)
        return id + version + (label.isEmpty ? "" : ": " + label)
    }

    /// Writes `json` to `file` whole or not at all, and says so. Only a regular file is written
    /// (through a symbolic link to its target): a device, pipe or folder is refused, not replaced.
    func save(_ json: JSONValue, to file: String) throws {
        let path = URL(fileURLWithPath: (file as NSString).expandingTildeInPath).resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            guard !isFolder.boolValue, type == .typeRegular else {
                throw REPLError(
                    "cannot write \(file): \(isFolder.boolValue ? "it is a folder" : "it is not a regular file")")
            }
        }
        do {
            try Data(json.prettyBytes + [10]).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            throw REPLError("cannot write \(file): \(Self.plainReason(reason))")
        }
        say("saved \(Self.summary(of: json)) to \(file)")
    }

    /// The part of a Foundation error a person can act on.
    static func plainReason(_ text: String) -> String {
        if text.contains("Permission denied") || text.contains("error 13") { return "permission denied" }
        if text.contains("No such file") || text.contains("doesn’t exist") || text.contains("error 2") {
            return "no such folder"
        }
        return text
    }

    /// Takes `> FILE` (or `>FILE`) off the end of the arguments.
    static func savingTarget(_ arguments: [String]) throws -> ([String], String?) {
        guard let last = arguments.last else { return (arguments, nil) }
        if last == ">" { throw REPLError("'>' needs a file name after it") }
        if arguments.count >= 2, arguments[arguments.count - 2] == ">" {
            return (Array(arguments.dropLast(2)), last)
        }
        if last.hasPrefix(">"), last.count > 1 { return (Array(arguments.dropLast()), String(last.dropFirst())) }
        return (arguments, nil)
    }
}
