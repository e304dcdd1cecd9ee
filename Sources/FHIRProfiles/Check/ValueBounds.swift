import FHIRModel
import FHIRPath
import Foundation

/// How a value compares with a profile's `minValue[x]` or `maxValue[x]`, by FHIRPath's own
/// comparisons: numbers by their value; Quantities of one system in any UCUM units the FHIRPath
/// engine converts (`11000 g` against `0 kg`); dates, dateTimes and times by their order where
/// their precision and zones tell; and a date against a Duration as the specification reads
/// one: a limit that far before now (a minimum) or after now (a maximum). Nil where the two
/// cannot be compared (units of other kinds, precisions that overlap).
enum ValueBounds {
    static func compare(_ value: JSONValue, with bound: JSONValue, isMinimum: Bool, now: Date) -> ComparisonResult? {
        switch (value, bound) {
        case (.number(let found), .number(let limit)):
            guard let x = FHIRPathDecimal(text: found), let y = FHIRPathDecimal(text: limit) else { return nil }
            return order(x.compare(to: y))
        case (.string(let found), .string(let limit)):
            guard let x = moment(found), let y = moment(limit) else { return nil }
            return order(FHIRPathDateTime.compare(x, y))
        case (.string(let found), .object):
            guard let x = moment(found), let y = moment(bound, from: now, isMinimum: isMinimum, kind: x.kind) else {
                return nil
            }
            return order(FHIRPathDateTime.compare(x, y))
        case (.object, .object):
            guard let x = quantity(value), let y = quantity(bound) else { return nil }
            // Codes of one system only: UCUM's are converted, any other must be the same code.
            guard bound["code"] == nil || value["system"] == bound["system"] else { return nil }
            return order(FHIRPathQuantity.compare(x, y))
        default:
            return nil
        }
    }

    private static func order(_ sign: Int?) -> ComparisonResult? {
        sign.map { $0 < 0 ? .orderedAscending : $0 > 0 ? .orderedDescending : .orderedSame }
    }

    /// A Quantity as FHIRPath holds one; a bound without a code is a plain amount, so it takes the
    /// value's unit.
    private static func quantity(_ value: JSONValue) -> FHIRPathQuantity? {
        guard case .number(let text)? = value["value"], let amount = FHIRPathDecimal(text: text) else { return nil }
        return FHIRPathQuantity(value: amount, unit: value["code"]?.stringValue ?? "1")
    }

    /// A date (`2020-06-01`), dateTime (`…T10:00:00+02:00`) or time (`10:00:00`) by its shape.
    private static func moment(_ text: String) -> FHIRPathDateTime? {
        let kind: FHIRPathDateTime.Kind = text.contains("T") ? .dateTime : text.contains(":") ? .time : .date
        return FHIRPathDateTime(parsing: text, kind: kind)
    }

    /// A Duration bound as the moment it stands for: `now` less the Duration for a minimum, plus
    /// it for a maximum, as a value of `kind`. UCUM's `a` and `mo` in a Duration bound are read as
    /// calendar years and months.
    private static func moment(_ duration: JSONValue, from now: Date, isMinimum: Bool, kind: FHIRPathDateTime.Kind)
        -> FHIRPathDateTime?
    {
        guard kind != .time, case .number(let text)? = duration["value"], let amount = Decimal(string: text),
            let code = duration["code"]?.stringValue ?? duration["unit"]?.stringValue
        else { return nil }
        let unit = ["a": "year", "mo": "month"][code] ?? code
        let today = FHIRPathDateTime(date: now, timeZone: TimeZone(identifier: "UTC")!, kind: kind)
        return today.adding(isMinimum ? -amount : amount, unit: unit)
    }
}
