/// A day of the proleptic Gregorian calendar, as a count of days since 1970-01-01.
///
/// Grouping by day, week, month and year is integer arithmetic on this count, which is why
/// it is exact across month and year ends and daylight-saving changes, and fast.
public struct CivilDay: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (negative before).
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The day of `year`-`month`-`day`; out-of-range months and days roll over.
    public init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil: years start in March so leap days come last.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1–12) and day (1–31).
    public var components: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var year: Int { components.year }

    /// 0 for Sunday through 6 for Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7) + 7 + 4) % 7 }

    public func adding(days: Int) -> CivilDay { CivilDay(number: number + days) }

    /// Reads `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return nil }
        self.init(year: year, month: month, day: day)
        guard components.month == month else { return nil }
    }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.number < rhs.number }
}
