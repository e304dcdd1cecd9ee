import FHIRModel

/// A date search value such as `ge2016-01-01`: a prefix and the span of the date.
///
/// Compares spans as the specification describes: `2016` is the whole year, a Period is
/// its start to its end (open-ended when it has none), a Timing its events' first to last.
struct DateMatch {
    let prefix: String
    let span: (start: Double, end: Double)

    static let prefixes = ["eq", "ne", "gt", "lt", "ge", "le", "sa", "eb", "ap"]

    init?(_ query: String) {
        let head = String(query.prefix(2))
        let hasPrefix = Self.prefixes.contains(head)
        guard let date = FHIRDateTime(hasPrefix ? String(query.dropFirst(2)) : query) else { return nil }
        prefix = hasPrefix ? head : "eq"
        span = (date.start, date.end)
    }

    func matches(_ value: JSONValue) -> Bool {
        guard let target = Self.span(of: value) else { return false }
        switch prefix {
        case "eq": return target.start >= span.start && target.end <= span.end
        case "ne": return !(target.start >= span.start && target.end <= span.end)
        case "gt": return target.end > span.end
        case "lt": return target.start < span.start
        case "ge": return target.end > span.start
        case "le": return target.start < span.end
        case "sa": return target.start >= span.end
        case "eb": return target.end <= span.start
        default: return target.start < span.end && target.end > span.start
        }
    }

    static func span(of value: JSONValue) -> (start: Double, end: Double)? {
        if let text = value.stringValue {
            return FHIRDateTime(text).map { ($0.start, $0.end) }
        }
        // A Timing: from its first event to the end of its last, else its repeat's bounds.
        if let events = value["event"]?.arrayValue {
            let spans = events.compactMap { $0.stringValue.flatMap(FHIRDateTime.init) }
            guard let first = spans.map(\.start).min(), let last = spans.map(\.end).max() else { return nil }
            return (first, last)
        }
        if let bounds = value["repeat"]?["boundsPeriod"] { return span(of: bounds) }
        let start = value["start"]?.stringValue.flatMap(FHIRDateTime.init)?.start ?? -.infinity
        let end = value["end"]?.stringValue.flatMap(FHIRDateTime.init)?.end ?? .infinity
        return start == -.infinity && end == .infinity ? nil : (start, end)
    }
}
