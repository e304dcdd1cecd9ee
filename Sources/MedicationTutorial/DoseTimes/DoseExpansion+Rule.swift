import FHIRModel

/// The repeat's rule: `frequency` doses per `period` `periodUnit`, on the days and at the
/// times docs/dose-times.md ("The rule") gives.
extension DoseExpansion {
    mutating func ruleDoses(_ span: Span) throws(DoseTimeError) -> [Int] {
        let unit = schedule.periodUnit ?? "d"
        guard schedule.period == nil || schedule.periodUnit != nil else {
            throw DoseTimeError("the period has no unit")
        }
        let period = schedule.period?.doubleValue ?? 1
        guard period > 0 else { throw DoseTimeError("a period of 0 \(unit) says no time between doses") }
        guard period <= Self.longest else {
            throw DoseTimeError("a period of more than \(Int(Self.longest)) \(unit) is no schedule to keep")
        }
        let instants: [Int]
        if let count = schedule.count, count > DoseTimes.limit {
            throw DoseTimeError("a count of more than \(DoseTimes.limit) doses")
        }
        // Seconds, minutes and hours are intervals at any length; days and weeks below a day.
        if let seconds = Self.seconds[unit], ["s", "min", "h"].contains(unit) || Double(seconds) * period < 86_400 {
            instants = try shortPeriodDoses(span, periodSeconds: Double(seconds) * period)
        } else {
            guard period.rounded(.towardZero) == period else {
                throw DoseTimeError("a period of \(schedule.period?.text ?? "") \(unit) is not a whole number")
            }
            instants = try dayDoses(span, unit: unit, period: Int(period))
        }
        guard let count = schedule.count else { return instants }
        guard span.start != nil else {
            throw DoseTimeError("the count needs a start, and the order gives none (authoredOn)")
        }
        return Array(instants.sorted().prefix(count))
    }

    /// Every period ÷ frequency: on the clock when that divides a day, else from the start.
    private mutating func shortPeriodDoses(_ span: Span, periodSeconds: Double) throws(DoseTimeError) -> [Int] {
        guard namedTimesAreAbsent else { throw DoseTimeError("times of day need a period of a day or more") }
        let exact = periodSeconds / Double(schedule.frequency ?? 1)
        let interval = Int(exact.rounded())
        guard Double(interval) == exact, interval >= 60 else {
            throw DoseTimeError("doses every \(exact) seconds: less than a minute, or not a whole second, apart")
        }
        let weekdays = try self.weekdays()
        var instants: [Int] = []
        if 86_400 % interval == 0 {
            let times = (0..<(86_400 / interval)).map { (day.dayStart * 60 + $0 * interval) % 86_400 }
            for dayNumber in try days(span)
            where weekdays.map({ $0.contains(CivilDay(number: dayNumber).weekday) }) ?? true {
                instants += times.map { clock.instant(local: dayNumber * 86_400 + $0) }.filter(span.holds)
                if try enough(instants) { break }
            }
            return instants
        }
        guard let start = span.start else {
            throw DoseTimeError("doses every \(interval / 60) minutes need a start, and the order gives none")
        }
        let first = schedule.count == nil ? max(0, (span.windowStart - start + interval - 1) / interval) : 0
        var index = first
        while true {
            let instant = start + index * interval
            guard instant < span.windowEnd, span.holds(instant), try !enough(instants) else { break }
            let local = clock.local(instant: instant)
            if weekdays.map({ $0.contains(CivilDay(number: DateGrouping.floorDivide(local, 86_400)).weekday) }) ?? true
            {
                instants.append(instant)
            }
            index += 1
        }
        return instants
    }

    /// Whether the doses so far are all the count asks (so generating may stop); past the limit
    /// without a count, the window holds too many.
    func enough(_ instants: [Int]) throws(DoseTimeError) -> Bool {
        if let count = schedule.count, instants.count >= count { return true }
        guard instants.count <= DoseTimes.limit else {
            throw DoseTimeError("more than \(DoseTimes.limit) doses fall in the window")
        }
        return false
    }

    private var namedTimesAreAbsent: Bool { schedule.timeOfDay.isEmpty && schedule.when.isEmpty }

    /// The local days to look at: from the start (for a count) or the window, a day either
    /// side so an offset past midnight is not lost.
    /// The longest period or bound read, in its unit: beyond it no dose is due in a lifetime,
    /// and the arithmetic stays far from overflow.
    static let longest = 1_000_000.0

    func days(_ span: Span) throws(DoseTimeError) -> StrideThrough<Int> {
        let firstInstant =
            schedule.count != nil ? (span.start ?? span.windowStart) : max(span.start ?? .min, span.windowStart)
        let lastInstant = min(span.end ?? .max, span.windowEnd)
        let first = DateGrouping.floorDivide(firstInstant, 86_400) - 1
        let last = DateGrouping.floorDivide(lastInstant, 86_400) + 1
        guard last - first <= DoseTimes.limit else {
            throw DoseTimeError("more than \(DoseTimes.limit) days to look through: ask for a shorter window")
        }
        return stride(from: first, through: max(first, last), by: 1)
    }

    /// `dayOfWeek` as weekday numbers (0 Sunday … 6 Saturday), nil when none are named.
    func weekdays() throws(DoseTimeError) -> Set<Int>? {
        guard !schedule.dayOfWeek.isEmpty else { return nil }
        var numbers = Set<Int>()
        for code in schedule.dayOfWeek {
            guard let number = Self.weekdayCodes.firstIndex(of: code) else {
                throw DoseTimeError("'\(code)' is not a day of the week (mon … sun)")
            }
            numbers.insert(number)
        }
        return numbers
    }

    static let weekdayCodes = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
}
