import FHIRModel

/// How administrations are grouped for the chart (tutorial §13.5.3's `DateGroupingMode`).
public enum GroupingMode: String, Sendable, CaseIterable {
    case year, month, week, day
}

/// Which weeks: the tutorial's, or ISO 8601's.
public enum WeekConvention: String, Sendable, CaseIterable {
    /// Weeks start on Sunday and week 1 holds 1 January: what Table 5 shows.
    case tutorial
    /// Weeks start on Monday and week 1 holds 4 January (the first Thursday).
    case iso
}

/// Turns a day into its group and a group into the tutorial's identifier (Table 5):
/// `2016`, `2016-08`, `2016-34`, `2016-08-15`.
///
/// Groups are consecutive integers, so "the 8 groups ending today" is a range, and the
/// group before is the key minus one: no calendar stepping, no 23-hour days.
public struct DateGrouping: Sendable, Equatable {
    public var mode: GroupingMode
    public var weeks: WeekConvention

    public init(mode: GroupingMode, weeks: WeekConvention = .tutorial) {
        self.mode = mode
        self.weeks = weeks
    }

    /// The group that holds `day`.
    public func key(for day: CivilDay) -> Int {
        switch mode {
        case .day: return day.number
        case .week: return Self.floorDivide(weekStart(of: day).number, 7)
        case .month:
            let (year, month, _) = day.components
            return year * 12 + month - 1
        case .year: return day.year
        }
    }

    /// The identifier of group `key`, as in Table 5.
    public func identifier(of key: Int) -> String {
        switch mode {
        case .day:
            let (year, month, day) = CivilDay(number: key).components
            return "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))"
        case .week:
            let (year, week) = weekOfYear(startingOn: weekStart(ofKey: key))
            return "\(Self.digits(year, 4))-\(Self.digits(week, 2))"
        case .month:
            let year = Self.floorDivide(key, 12)
            let month = key - year * 12 + 1
            return "\(Self.digits(year, 4))-\(Self.digits(month, 2))"
        case .year:
            return Self.digits(key, 4)
        }
    }

    /// The first day of the week that holds `day`.
    public func weekStart(of day: CivilDay) -> CivilDay {
        let firstWeekday = weeks == .tutorial ? 0 : 1
        return day.adding(days: -((day.weekday - firstWeekday + 7) % 7))
    }

    /// Week starts share a weekday, so they are all alike modulo 7 and their quotients by 7
    /// are consecutive: that quotient is the key, and this undoes it.
    private func weekStart(ofKey key: Int) -> CivilDay {
        let anyStart = weekStart(of: CivilDay(number: 0)).number
        return CivilDay(number: key * 7 + (anyStart - Self.floorDivide(anyStart, 7) * 7))
    }

    /// Division rounding toward minus infinity, as calendars need for days before 1970.
    public static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// The week-based year and week number of the week starting on `start`.
    ///
    /// A week belongs to the year of its Saturday (tutorial: week 1 holds 1 January) or of
    /// its Thursday (ISO: week 1 holds 4 January); late-December and early-January days take
    /// that year, not their calendar year.
    func weekOfYear(startingOn start: CivilDay) -> (year: Int, week: Int) {
        let decidingDay = start.adding(days: weeks == .tutorial ? 6 : 3)
        let year = decidingDay.year
        let firstWeek = weekStart(of: CivilDay(year: year, month: 1, day: weeks == .tutorial ? 1 : 4))
        return (year, (start.number - firstWeek.number) / 7 + 1)
    }

    static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(abs(value))
        let padded = text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
        return value < 0 ? "-" + padded : padded
    }
}
