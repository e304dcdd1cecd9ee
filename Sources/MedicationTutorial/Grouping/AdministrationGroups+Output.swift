import FHIRModel

extension AdministrationGroups {
    /// JSON for scripts: the tutorial's field names, in window order, plus what lies outside.
    public var json: JSONValue {
        let list = groups.map { group -> JSONValue in
            .object(
                JSONObject([
                    ("identifier", .string(group.identifier)), ("countTaken", .number(String(group.countTaken))),
                    ("countNotTaken", .number(String(group.countNotTaken))),
                ]))
        }
        return .object(
            JSONObject([
                ("groupBy", .string(grouping.mode.rawValue)), ("weeks", .string(grouping.weeks.rawValue)),
                ("groups", .array(list)), ("before", .number(String(before))), ("after", .number(String(after))),
                ("undated", .number(String(undated))),
            ]))
    }

    /// A table with the same numbers as the chart.
    public var table: String {
        let width = max(groups.map(\.identifier.count).max() ?? 0, "total".count)
        var lines = [Self.pad("group", width) + "  taken  not taken"]
        for group in groups {
            lines.append(
                Self.pad(group.identifier, width) + Self.number(group.countTaken, 7)
                    + Self.number(group.countNotTaken, 11))
        }
        let sums = (groups.reduce(0) { $0 + $1.countTaken }, groups.reduce(0) { $0 + $1.countNotTaken })
        lines.append(Self.pad("total", width) + Self.number(sums.0, 7) + Self.number(sums.1, 11))
        return (lines + [outsideSummary]).joined(separator: "\n") + "\n"
    }

    /// What the window leaves out, said so that nothing is lost without a word. (A status such
    /// as `entered-in-error` still counts as taken: the tutorial only asks taken or not.)
    public var outsideSummary: String {
        var text = "outside the window: \(before) before, \(after) after; \(undated) without a usable date"
        if groups.allSatisfy({ $0.countTaken + $0.countNotTaken == 0 }), let newestIdentifier, before + after > 0 {
            text += " (the newest is in \(newestIdentifier))"
        }
        return text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func number(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
