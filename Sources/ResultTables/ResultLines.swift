import FHIRModel

/// What the generic commands print of an answer, for people: a Bundle as a table per resource
/// type under a line that counts its matches, a resource as a table of one row, and any of them
/// in one line. Pure functions of the JSON and the width, so any front end can show them.
public enum ResultLines {
    /// A single resource as a table of one row, under its type.
    public static func resource(_ json: JSONValue, width: Int) -> [String] {
        let type = json["resourceType"]?.stringValue ?? "Resource"
        return [type] + typeTable(type, [json], resolve: { _ in nil }, width: width)
    }

    /// `Patient: 3 of 13 matches (GET Patient?family=x)`, a table per type, the links to follow.
    public static func bundle(_ bundle: FHIRModel.Bundle, request: String, width: Int) -> [String] {
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
        let resolve = resolver(resources)
        for type in types {
            let ofType = resources.filter { ($0["resourceType"]?.stringValue ?? "Resource") == type }
            lines += ["", type] + typeTable(type, ofType, resolve: resolve, versioned: history, width: width)
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
    private static func typeTable(
        _ type: String, _ resources: [JSONValue], resolve: ResourceSummary.Resolver, versioned: Bool = false,
        width: Int
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
        return TextTable(header: header, rows: shown, whole: ResourceSummary.whole).render(width: width)
    }

    /// Finds a referenced resource among `resources` (an `_include`d medication, say).
    public static func resolver(_ resources: [JSONValue]) -> ResourceSummary.Resolver {
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
    public static func summary(of json: JSONValue) -> String {
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
}
