import FHIRModel
import MedicationTutorial

/// What Tab offers: command names, then each command's own words and the listed orders.
extension REPL {
    /// The words that may end `line` (the text up to the cursor).
    public func completions(for line: String) -> [String] {
        guard var words = try? CommandWords.split(line) else { return [] }
        // The word being typed, or a new one after a space.
        if line.last?.isWhitespace ?? true { words.append("") }
        guard words.count > 1 else { return CommandCatalog.all.map(\.name).sorted() }
        let orders = session.orders.indices.map { String($0 + 1) }
        let position = words.count - 1
        switch (words[0].lowercased(), position) {
        case ("help", 1): return CommandCatalog.all.map(\.name).sorted()
        case ("connect", 1): return ["builtin"]
        case ("connect", 2) where words[1] == "builtin": return FHIRVersion.allCases.map(\.rawValue)
        case ("group", 1): return GroupingMode.allCases.map(\.rawValue)
        case ("group", 2), ("order", 1), ("administrations", 1), ("administer", 1): return orders
        case ("administer", 2): return ["taken", "missed"]
        case ("administer", 3): return ["at"]
        case ("instructions", _):
            if words[position - 1] == "--lang" { return languages.codes }
            return (position == 1 ? orders : []) + ["--lang", "--breakdown"]
        case ("set", 1): return ["today", "timezone", "lang", "week"]
        case ("set", 2):
            switch words[1] {
            case "lang": return languages.codes
            case "week": return WeekConvention.allCases.map(\.rawValue)
            case "timezone": return ["UTC", "Europe/Vienna", "Europe/Berlin", "America/New_York"]
            default: return []
            }
        case ("trace", 1): return Session.TraceMode.allCases.map(\.rawValue)
        case ("login", _): return ["--identifier", "--email"]
        default: return []
        }
    }
}
