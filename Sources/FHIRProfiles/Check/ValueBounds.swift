import FHIRModel
import Foundation

/// How a value compares with a profile's `minValue[x]` or `maxValue[x]`: numbers by their
/// value, Quantities by theirs in one unit (UCUM's units converted where ``UCUMUnits`` knows
/// both), dates and times by their order where their precision tells, and a date against a
/// Duration as the specification reads one: a limit that far before now (a minimum) or after
/// now (a maximum). Nil where the two cannot be compared here (units of other kinds,
/// precisions that overlap).
enum ValueBounds {
    static func compare(_ value: JSONValue, with bound: JSONValue, isMinimum: Bool, now: Date) -> ComparisonResult? {
        switch (value, bound) {
        case (.number(let found), .number(let limit)):
            return number(found, limit)
        case (.string(let found), .string(let limit)):
            return moment(found, limit)
        case (.string(let found), .object):
            guard let limit = moment(bound, from: now, isMinimum: isMinimum, like: found) else { return nil }
            return moment(found, limit)
        case (.object, .object):
            guard case .number(let found)? = value["value"], case .number(let limit)? = bound["value"],
                let x = Decimal(string: found), let y = Decimal(string: limit)
            else { return nil }
            let (unit, limitUnit) = (value["code"]?.stringValue, bound["code"]?.stringValue)
            if unit == limitUnit || limitUnit == nil { return order(x, y) }
            guard let unit, let limitUnit, value["system"] == bound["system"],
                bound["system"]?.stringValue == "http://unitsofmeasure.org",
                let converted = UCUMUnits.convert(x, from: unit, to: limitUnit)
            else { return nil }
            return order(converted, y)
        default:
            return nil
        }
    }

    private static func number(_ found: String, _ limit: String) -> ComparisonResult? {
        guard let x = Decimal(string: found), let y = Decimal(string: limit) else { return nil }
        return order(x, y)
    }

    private static func order(_ x: Decimal, _ y: Decimal) -> ComparisonResult {
        x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    /// ISO 8601 dates, dateTimes and times sort as text where one is no more precise than the
    /// part they share; `2020` against `2020-06-01` cannot be told.
    private static func moment(_ found: String, _ limit: String) -> ComparisonResult? {
        let shared = min(found.count, limit.count)
        let (a, b) = (found.prefix(shared), limit.prefix(shared))
        if a < b { return .orderedAscending }
        if a > b { return .orderedDescending }
        return found.count == limit.count ? .orderedSame : nil
    }

    /// A Duration bound as the date it stands for, written to the precision of `like` (a
    /// date, `YYYY-MM-DD`, or the date part of a dateTime): `now` less the Duration for a
    /// minimum, plus it for a maximum.
    private static func moment(_ duration: JSONValue, from now: Date, isMinimum: Bool, like found: String) -> String? {
        guard case .number(let text)? = duration["value"], let amount = Int(text),
            let code = duration["code"]?.stringValue ?? duration["unit"]?.stringValue
        else { return nil }
        let components: [String: Calendar.Component] = [
            "a": .year, "mo": .month, "wk": .weekOfYear, "d": .day, "h": .hour, "min": .minute, "s": .second,
        ]
        guard let component = components[code] else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let limit = calendar.date(byAdding: component, value: isMinimum ? -amount : amount, to: now) else {
            return nil
        }
        let day = limit.formatted(.iso8601.year().month().day().dateSeparator(.dash))
        return String(day.prefix(min(found.count, day.count)))
    }
}
