import FHIRModel

/// Periods of a day or more: which days doses fall on, and how many on each.
extension DoseExpansion {
    /// The days of a period that doses fall on, and the doses on each of them.
    enum DosePattern {
        /// Every `period`th day from the start's (every day when `period` is 1).
        case everyDay(period: Int)
        /// The weekdays named, in every `period`th week from the start's.
        case weekdays(Set<Int>, period: Int)
        /// The start's weekday, every `period`th week.
        case startWeekday(period: Int)
        /// The start's day of the month, every `months`th month (12 for a year).
        case startDate(months: Int)
    }

    mutating func dayDoses(_ span: Span, unit: String, period: Int) throws(DoseTimeError) -> [Int] {
        let times = try namedTimes()
        let (pattern, perDay) = try self.pattern(unit: unit, period: period, named: times.count)
        guard perDay <= 1440 else { throw DoseTimeError("\(perDay) doses a day is more than one a minute") }
        guard !times.isEmpty || perDay == 1 || day.dayEnd - day.dayStart >= perDay - 1 else {
            throw DoseTimeError(
                "\(perDay) doses a day do not fit a minute apart in the patient's day (the setting day)")
        }
        guard times.isEmpty || perDay == times.count else {
            throw DoseTimeError(
                "the frequency gives \(perDay) dose\(perDay == 1 ? "" : "s") a day but the Timing names \(times.count) time\(times.count == 1 ? "" : "s") of day"
            )
        }
        let clockTimes = times.isEmpty ? spread(perDay) : times
        let anchor = span.start.map { DateGrouping.floorDivide(clock.local(instant: $0), 86_400) }
        var instants: [Int] = []
        // An offset may move a dose past midnight, so a count is only sure two days after it is reached.
        var reached: Int?
        for dayNumber in try days(span) where try isDoseDay(dayNumber, pattern, anchor: anchor) {
            if let reached, dayNumber > reached + 2 { break }
            instants += clockTimes.map { clock.instant(local: dayNumber * 86_400 + $0) }.filter(span.holds)
            if reached == nil, try enough(instants) { reached = dayNumber }
        }
        return instants
    }

    /// The pattern of dose days and the doses on each, from frequency, period and dayOfWeek.
    private func pattern(unit: String, period: Int, named: Int) throws(DoseTimeError) -> (DosePattern, Int) {
        let given = schedule.frequency
        let frequency = given ?? 1
        let perNamed = given == nil ? max(named, 1) : 1
        let weekdays = try self.weekdays()
        let which = "\(frequency) doses every \(period) \(unit) do not say on which days"
        switch unit {
        case "d":
            if let weekdays {
                guard period == 1 else { throw DoseTimeError("days of the week with a period of \(period) days") }
                return (.weekdays(weekdays, period: 1), given ?? max(named, 1))
            }
            if given == nil || frequency == 1 { return (.everyDay(period: period), perNamed) }
            guard frequency % period == 0 else { throw DoseTimeError(which) }
            return (.everyDay(period: 1), frequency / period)
        case "wk":
            if let weekdays {
                guard given == nil || frequency % weekdays.count == 0 else {
                    throw DoseTimeError("\(frequency) doses a week do not share out over \(weekdays.count) days")
                }
                return (.weekdays(weekdays, period: period), given.map { $0 / weekdays.count } ?? max(named, 1))
            }
            if given == nil || frequency == 1 { return (.startWeekday(period: period), perNamed) }
            guard frequency % (7 * period) == 0 else { throw DoseTimeError(which) }
            return (.everyDay(period: 1), frequency / (7 * period))
        case "mo", "a":
            guard weekdays == nil else { throw DoseTimeError("days of the week with a period of months or years") }
            guard given == nil || frequency == 1 else { throw DoseTimeError(which) }
            return (.startDate(months: period * (unit == "a" ? 12 : 1)), perNamed)
        default: throw DoseTimeError("'\(unit)' is not a unit of time (s, min, h, d, wk, mo, a)")
        }
    }

    private func isDoseDay(_ dayNumber: Int, _ pattern: DosePattern, anchor: Int?) throws(DoseTimeError) -> Bool {
        func needAnchor() throws(DoseTimeError) -> Int {
            guard let anchor else {
                throw DoseTimeError("the rule counts from a start, and the order gives none (authoredOn)")
            }
            return anchor
        }
        switch pattern {
        case .everyDay(let period):
            guard period > 1 else { return true }
            return Self.isMultiple(dayNumber - (try needAnchor()), of: period)
        case .weekdays(let days, let period):
            guard days.contains(CivilDay(number: dayNumber).weekday) else { return false }
            guard period > 1 else { return true }
            return Self.isMultiple(Self.weeks(from: try needAnchor(), to: dayNumber), of: period)
        case .startWeekday(let period):
            let anchor = try needAnchor()
            return CivilDay(number: dayNumber).weekday == CivilDay(number: anchor).weekday
                && Self.isMultiple(Self.weeks(from: anchor, to: dayNumber), of: period)
        case .startDate(let months):
            return LocalCalendarMath.isMonthly(
                CivilDay(number: dayNumber), every: months, from: CivilDay(number: try needAnchor()))
        }
    }

    /// Whole weeks (Monday to Sunday) from the week of `from` to that of `to`.
    static func weeks(from: Int, to: Int) -> Int {
        let monday = { (day: Int) in day - (CivilDay(number: day).weekday + 6) % 7 }
        return (monday(to) - monday(from)) / 7
    }

    /// Whether `value` (perhaps negative: a day before the start) is a multiple of `period`.
    static func isMultiple(_ value: Int, of period: Int) -> Bool { value % period == 0 }

    /// `count` doses across the patient's `day` span: its first time for one, first to last for more.
    private func spread(_ count: Int) -> [Int] {
        guard count > 1 else { return [day.dayStart * 60] }
        let span = day.dayEnd - day.dayStart
        return (0..<count).map { (day.dayStart + $0 * span / (count - 1)) * 60 }
    }
}
