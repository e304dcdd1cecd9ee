import Foundation

/// Adding and subtracting time-valued quantities (`@1973-12-25 + 7 days`).
///
/// The quantity is first cut to whole units of its own unit (`7.7 days` is 7 days, `0.1 's'` is
/// nothing), then converted to the value's precision when it is finer, dropping what is left over
/// (`@2014 + 23 months` is `@2015`; a year is 12 months or 365 days, a month 30 days, as in
/// FHIRPath's calendar conversion table). Years and months move the calendar fields and clamp the
/// day to the month's end; weeks and finer units move along the time line. The offset is kept
/// as written and the precision is unchanged.
extension FHIRPathDateTime {
    /// A unit date/time arithmetic accepts: a calendar keyword, singular or plural, or a UCUM code
    /// of a definite duration up to a week. UCUM's `a` and `mo` are not accepted: their lengths
    /// are averages, not calendar years and months.
    enum DurationUnit: Sendable, Equatable {
        case year, month, week, day, hour, minute, second, millisecond

        init?(_ unit: String) {
            switch unit {
            case "year", "years": self = .year
            case "month", "months": self = .month
            case "week", "weeks", "wk": self = .week
            case "day", "days", "d": self = .day
            case "hour", "hours", "h": self = .hour
            case "minute", "minutes", "min": self = .minute
            case "second", "seconds", "s": self = .second
            case "millisecond", "milliseconds", "ms": self = .millisecond
            default: return nil
            }
        }

        /// The unit's fixed length, or nil for years and months, whose length varies.
        var milliseconds: Int? {
            switch self {
            case .year, .month: nil
            case .week: 7 * CivilCalendar.msPerDay
            case .day: CivilCalendar.msPerDay
            case .hour: CivilCalendar.msPerHour
            case .minute: CivilCalendar.msPerMinute
            case .second: CivilCalendar.msPerSecond
            case .millisecond: 1
            }
        }

        /// Dates take years to days, Times hours to milliseconds, DateTimes all of them.
        func applies(to kind: Kind) -> Bool {
            switch kind {
            case .date: milliseconds.map { $0 >= CivilCalendar.msPerDay } ?? true
            case .time: milliseconds.map { $0 <= CivilCalendar.msPerHour } ?? false
            case .dateTime: true
            }
        }
    }

    /// What a quantity does to a value once converted to its precision.
    private enum Shift {
        case months(Int)
        case milliseconds(Int)
    }

    /// `self + value unit`, or nil when the unit is not a time unit this kind accepts (`'a'`, `'mo'`,
    /// `'cm'`, hours on a Date), or the result falls outside the years 1…9999. A Time wraps
    /// around midnight.
    public func adding(_ value: Decimal, unit: String) -> FHIRPathDateTime? {
        guard let unit = DurationUnit(unit), unit.applies(to: kind), let amount = Self.wholeUnits(of: value),
            let shift = shift(by: amount, unit)
        else { return nil }
        switch shift {
        case .months(let months): return addingMonths(months)
        case .milliseconds(let milliseconds): return addingMilliseconds(milliseconds)
        }
    }

    /// `self - value unit`, with the same rules as `adding`.
    public func subtracting(_ value: Decimal, unit: String) -> FHIRPathDateTime? { adding(-value, unit: unit) }

    /// The value cut toward zero to a whole number; nil when it is far beyond any date's reach.
    private static func wholeUnits(of value: Decimal) -> Int? {
        guard !value.isNaN else { return nil }
        var magnitude = value.magnitude
        var whole = Decimal()
        NSDecimalRound(&whole, &magnitude, 0, .down)
        // 10^15 milliseconds is about 31,700 years: more than any value can move and stay in range.
        guard whole <= Decimal(1_000_000_000_000_000) else { return nil }
        let count = NSDecimalNumber(decimal: whole).intValue
        return value < 0 ? -count : count
    }

    /// The amount converted to the value's precision, what is finer dropped.
    private func shift(by amount: Int, _ unit: DurationUnit) -> Shift? {
        guard let unitLength = unit.milliseconds else {
            let months = unit == .year ? amount * 12 : amount
            return .months(precision == .year ? months / 12 * 12 : months)
        }
        let (total, overflow) = amount.multipliedReportingOverflow(by: unitLength)
        guard !overflow else { return nil }
        switch precision {
        case .year: return .months(total / (365 * CivilCalendar.msPerDay) * 12)
        case .month: return .months(total / (30 * CivilCalendar.msPerDay))
        default:
            let step = Self.stepLength(of: precision)
            return .milliseconds(total / step * step)
        }
    }

    /// The length of one unit of a precision from the day down.
    private static func stepLength(of precision: Precision) -> Int {
        switch precision {
        case .year, .month, .day: CivilCalendar.msPerDay
        case .hour: CivilCalendar.msPerHour
        case .minute: CivilCalendar.msPerMinute
        case .second: CivilCalendar.msPerSecond
        case .millisecond: 1
        }
    }

    /// Moves the year and month, keeping the day when the new month has it and taking the month's
    /// last day when not (2020-01-31 + 1 month is 2020-02-29).
    private func addingMonths(_ months: Int) -> FHIRPathDateTime? {
        guard months != 0 else { return self }
        let index = year * 12 + (month ?? 1) - 1 + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        let newDay = day.map { min($0, CivilCalendar.daysIn(month: newMonth, year: newYear)) }
        return FHIRPathDateTime(
            kind: kind, year: newYear, month: month == nil ? nil : newMonth, day: newDay, hour: hour,
            minute: minute, second: second, millisecond: millisecond, timeZoneOffset: timeZoneOffset)
    }

    /// Moves along the value's own clock and reads the fields back at the same precision.
    private func addingMilliseconds(_ milliseconds: Int) -> FHIRPathDateTime? {
        guard milliseconds != 0 else { return self }
        var moved = localStart + milliseconds
        if kind == .time {
            moved %= CivilCalendar.msPerDay
            if moved < 0 { moved += CivilCalendar.msPerDay }
        }
        guard (CivilCalendar.firstMillisecond...CivilCalendar.lastMillisecond).contains(moved) else { return nil }
        let present = precision.rawValue
        var fields = CivilCalendar.fields(fromLocalMilliseconds: moved).enumerated().map { index, field in
            index <= present ? field : nil
        }
        if kind == .time { fields[0...2] = [nil, nil, nil] }
        return FHIRPathDateTime(kind: kind, fields: fields, timeZoneOffset: timeZoneOffset)
    }
}
