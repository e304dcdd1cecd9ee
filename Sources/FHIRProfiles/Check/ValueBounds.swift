import FHIRModel
import Foundation

/// How a value compares with a profile's `minValue[x]` or `maxValue[x]`: numbers by their
/// value, Quantities by theirs when their units are the same code, dates and times by their
/// order where their precision tells. Nil where the two cannot be compared here (other
/// units, a date against a Duration measured from today, precisions that overlap).
enum ValueBounds {
    static func compare(_ value: JSONValue, with bound: JSONValue) -> ComparisonResult? {
        switch (value, bound) {
        case (.number(let found), .number(let limit)):
            return number(found, limit)
        case (.string(let found), .string(let limit)):
            return moment(found, limit)
        case (.object, .object):
            guard case .number(let found)? = value["value"], case .number(let limit)? = bound["value"] else {
                return nil
            }
            let (unit, limitUnit) = (value["code"]?.stringValue, bound["code"]?.stringValue)
            guard unit == limitUnit || limitUnit == nil else { return nil }
            return number(found, limit)
        default:
            return nil
        }
    }

    private static func number(_ found: String, _ limit: String) -> ComparisonResult? {
        guard let x = Decimal(string: found), let y = Decimal(string: limit) else { return nil }
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
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
}
