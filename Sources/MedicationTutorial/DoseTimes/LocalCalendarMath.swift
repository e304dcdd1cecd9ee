import FHIRModel

/// Months and years on the patient's calendar, for bounds and rules in those units.
enum LocalCalendarMath {
    /// A local time (seconds since 1970-01-01 00:00 on the wall clock) `months` later, on the
    /// same day of the month or the month's last day when it is shorter.
    static func adding(months: Int, to local: Int) -> Int {
        let dayNumber = DateGrouping.floorDivide(local, 86_400)
        let (year, month, day) = CivilDay(number: dayNumber).components
        let target = (year * 12 + month - 1) + months
        let (newYear, newMonth) = (
            DateGrouping.floorDivide(target, 12), target - DateGrouping.floorDivide(target, 12) * 12 + 1
        )
        let moved = CivilDay(year: newYear, month: newMonth, day: min(day, length(year: newYear, month: newMonth)))
        return moved.number * 86_400 + (local - dayNumber * 86_400)
    }

    /// Whether `day` is a dose day of a rule every `months` months from `start`'s date.
    static func isMonthly(_ day: CivilDay, every months: Int, from start: CivilDay) -> Bool {
        let (year, month, date) = day.components
        let (startYear, startMonth, startDate) = start.components
        let apart = (year * 12 + month) - (startYear * 12 + startMonth)
        guard apart % months == 0 else { return false }
        return date == min(startDate, length(year: year, month: month))
    }

    static func length(year: Int, month: Int) -> Int {
        CivilDay(year: year, month: month + 1, day: 1).number - CivilDay(year: year, month: month, day: 1).number
    }
}
