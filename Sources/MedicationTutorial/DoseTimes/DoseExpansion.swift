import FHIRModel
import Foundation

/// One Timing expanded over a window: the start and end of its rule, its count, its events,
/// and the order's dose period (docs/dose-times.md, "Bounds, count and events").
struct DoseExpansion {
    let schedule: Schedule
    let day: PatientDay
    var clock: ZoneClock

    /// What the rule's generator needs: the instants it may use and where it starts.
    struct Span {
        /// The rule's start (the bounds' or the order's), nil when neither says.
        var start: Int?
        /// The rule's end: exclusive after a length, inclusive after a Period's end.
        var end: Int?
        var endIncluded = false
        /// The window's first instant and the instant after it.
        var windowStart: Int
        var windowEnd: Int

        func holds(_ instant: Int) -> Bool {
            if let start, instant < start { return false }
            if let end, endIncluded ? instant > end : instant >= end { return false }
            return true
        }
    }

    mutating func doses(start orderStart: String?, dosePeriod: Period?, from: CivilDay, through: CivilDay)
        throws(DoseTimeError) -> [DoseTimes.Dose]
    {
        let hasRepeatRule = schedule.period != nil || (schedule.events.isEmpty && !namedTimesAreEmpty)
        guard !schedule.events.isEmpty || hasRepeatRule || hasRepeatElements else {
            throw DoseTimeError(
                schedule.code.map { "the Timing has only a code (\(Self.name($0))), which names no times" }
                    ?? "the Timing has no event and no repeat")
        }
        guard !schedule.events.isEmpty || hasRepeatRule else {
            throw DoseTimeError("the repeat has no period: it does not say how often")
        }
        var span = Span(
            windowStart: clock.instant(local: from.number * 86_400),
            windowEnd: clock.instant(local: (through.number + 1) * 86_400))
        try bound(&span, orderStart: orderStart)
        var instants = hasRepeatRule ? try ruleDoses(span) : []
        instants.append(contentsOf: try eventDoses())
        let (validFrom, validTo) = limits(of: dosePeriod)
        let seconds = durationSeconds
        let kept = Set(
            instants.filter { instant in
                instant >= span.windowStart && instant < span.windowEnd && validFrom.map { instant >= $0 } ?? true
                    && validTo.map { instant <= $0 } ?? true
            })
        guard kept.count <= DoseTimes.limit else {
            throw DoseTimeError("more than \(DoseTimes.limit) doses fall in the window")
        }
        return kept.sorted().map { DoseTimes.Dose(instant: $0, seconds: seconds) }
    }

    private var namedTimesAreEmpty: Bool { schedule.timeOfDay.isEmpty && schedule.when.isEmpty }

    private var hasRepeatElements: Bool {
        var rest = schedule
        (rest.events, rest.code) = ([], nil)
        return !rest.isEmpty
    }

    /// The start from the bounds' Period or the order, the end from the bounds.
    private mutating func bound(_ span: inout Span, orderStart: String?) throws(DoseTimeError) {
        let start: String?
        if case .period(let period)? = schedule.bounds, let first = period.start {
            start = first
        } else {
            start = orderStart
        }
        span.start = start.flatMap(FHIRDateTime.init).map { clock.instant($0) }
        switch schedule.bounds {
        case .period(let period)?:
            if let end = period.end.flatMap(FHIRDateTime.init) {
                (span.end, span.endIncluded) = (lastInstant(of: end), true)
            }
        case .duration(let length)?:
            span.end = try after(span.start, length, "bounds")
        case .range(let range)?:
            if let length = range.low ?? range.high { span.end = try after(span.start, length, "bounds") }
        case nil: break
        }
    }

    /// `start` plus a Duration: whole days and longer on the calendar, the rest as elapsed time.
    private mutating func after(_ start: Int?, _ length: Duration, _ what: String) throws(DoseTimeError) -> Int {
        guard let start else {
            throw DoseTimeError("the \(what) give a length but the order no start (authoredOn)")
        }
        guard let unit = length.code ?? length.unit, let value = length.value?.doubleValue,
            let unitSeconds = Self.seconds[unit] ?? Self.calendarUnits[unit].map({ _ in 0 })
        else { throw DoseTimeError("the \(what) have no length in a unit of time (s, min, h, d, wk, mo, a)") }
        guard value >= 0, value <= Self.longest else {
            throw DoseTimeError("the \(what) give a length of \(value) \(unit), longer than any course")
        }
        let whole = value.rounded(.towardZero) == value
        if whole, let months = Self.calendarUnits[unit] {
            return clock.instant(
                local: LocalCalendarMath.adding(months: Int(value) * months, to: clock.local(instant: start)))
        }
        if whole, unit == "d" || unit == "wk" {
            return clock.instant(local: clock.local(instant: start) + Int(value) * unitSeconds)
        }
        guard unitSeconds > 0 else { throw DoseTimeError("the \(what) give a part of a month or year") }
        return start + Int((value * Double(unitSeconds)).rounded())
    }

    /// The last instant a Period's end includes: its day's (month's, year's) last second for a
    /// date, the instant itself for a date-time.
    private mutating func lastInstant(of end: FHIRDateTime) -> Int {
        switch end.precision {
        case .second: return clock.instant(end)
        case .day:
            return clock.instant(local: (CivilDay(year: end.year, month: end.month, day: end.day).number + 1) * 86_400)
                - 1
        case .month:
            return clock.instant(local: CivilDay(year: end.year, month: end.month + 1, day: 1).number * 86_400) - 1
        case .year: return clock.instant(local: CivilDay(year: end.year + 1, month: 1, day: 1).number * 86_400) - 1
        }
    }

    private mutating func limits(of period: Period?) -> (Int?, Int?) {
        (
            period?.start.flatMap(FHIRDateTime.init).map { clock.instant($0) },
            period?.end.flatMap(FHIRDateTime.init).map { lastInstant(of: $0) }
        )
    }

    /// How long each dose runs, for units that have a fixed length.
    private var durationSeconds: Int? {
        guard let value = schedule.duration?.doubleValue, value <= Self.longest, let unit = schedule.durationUnit,
            let seconds = Self.seconds[unit], seconds > 0
        else { return nil }
        return Int((value * Double(seconds)).rounded())
    }

    /// `event`: date-times as they are, dates at the times of day the repeat names.
    private mutating func eventDoses() throws(DoseTimeError) -> [Int] {
        var instants: [Int] = []
        for text in schedule.events {
            guard let event = FHIRDateTime(text), event.precision >= .day else {
                throw DoseTimeError("the event \(text) is not a date or a date-time")
            }
            if event.precision == .second {
                instants.append(clock.instant(event))
                continue
            }
            let times = try namedTimes()
            guard !times.isEmpty else { throw DoseTimeError("the event \(text) gives a day but no time of day") }
            let day = CivilDay(year: event.year, month: event.month, day: event.day)
            instants += times.map { clock.instant(local: day.number * 86_400 + $0) }
        }
        return instants
    }

    /// The times of day (seconds after midnight) `timeOfDay` or `when` name, without repeats.
    func namedTimes() throws(DoseTimeError) -> [Int] {
        if !schedule.timeOfDay.isEmpty {
            var seconds: [Int] = []
            for text in schedule.timeOfDay {
                guard let time = Self.secondOfDay(text) else { throw DoseTimeError("'\(text)' is not a time of day") }
                seconds.append(time)
            }
            return Array(Set(seconds)).sorted()
        }
        if let offset = schedule.offset, offset > 1440 {
            throw DoseTimeError("an offset of \(offset) minutes is more than a day from the event")
        }
        let events = EventTimes(day: day)
        var minutes: [Int] = []
        for code in schedule.when { minutes += try events.minutes(of: code, offset: schedule.offset) }
        return Array(Set(minutes.map { $0 * 60 })).sorted()
    }

    static func secondOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]),
            let second = Double(parts[2]), (0..<24).contains(hour), (0..<60).contains(minute), second >= 0, second < 60
        else { return nil }
        return hour * 3600 + minute * 60 + Int(second)
    }

    private static func name(_ code: CodeableConcept) -> String {
        code.coding.lazy.compactMap(\.code).first ?? code.text ?? "a code"
    }

    /// Seconds in each unit of time with a fixed length (`d` and `wk` on the calendar when whole).
    static let seconds = ["s": 1, "min": 60, "h": 3600, "d": 86_400, "wk": 604_800]
    /// Months in the calendar's units.
    static let calendarUnits = ["mo": 1, "a": 12]
}
