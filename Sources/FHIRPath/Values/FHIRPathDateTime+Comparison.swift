import Foundation

/// FHIRPath's `=`, `~` and ordering for dates and times.
///
/// A partial value stands for every instant it could be: `@2018-03` is all of March. Two values
/// are laid out as spans of milliseconds on one time line and compared as spans: disjoint spans
/// are ordered, identical spans of the same precision are equal, and overlapping ones give no
/// answer (empty). For values without offsets this is exactly the specification's rule of
/// comparing component by component from the year and stopping with empty where one value lacks
/// a component the other has. Seconds and milliseconds are one precision: a value to the second
/// is the instant at `.000`, so `@T10:30:00 = @T10:30:00.0` is true.
///
/// Offsets: two values with offsets are compared in UTC; two without are taken to be in the same
/// (unknown) zone. When only one has an offset, the other could be in any zone from -12:00 to
/// +14:00 (the same range `lowBoundary()` and `highBoundary()` assume), so the answer is given only
/// when it is the same for all of them: `@2012-04-15T15:00:00Z = @2012-04-15T10:00:00` is empty,
/// `@2012-04-15T15:00:00Z < @2012-04-17T10:00:00` is true.
extension FHIRPathDateTime {
    /// FHIRPath `=`: true or false, or nil (empty) when the answer depends on components only one
    /// value has. A Time never equals a Date or DateTime; a Date is compared as the DateTime it
    /// converts to.
    public static func equal(_ lhs: FHIRPathDateTime, _ rhs: FHIRPathDateTime) -> Bool? {
        guard lhs.isComparable(with: rhs) else { return false }
        return compare(lhs, rhs).map { $0 == 0 }
    }

    /// FHIRPath `~`: like `=`, but false (not empty) when the precisions differ, seconds and
    /// milliseconds counting as one.
    public static func equivalent(_ lhs: FHIRPathDateTime, _ rhs: FHIRPathDateTime) -> Bool {
        lhs.comparisonPrecision == rhs.comparisonPrecision && equal(lhs, rhs) == true
    }

    /// The order for `<`, `<=`, `>`, `>=`: -1, 0 or 1, or nil (empty) when the answer depends on
    /// components only one value has. Also nil for a Time against a Date or DateTime, which the
    /// caller should report as an error before asking.
    public static func compare(_ lhs: FHIRPathDateTime, _ rhs: FHIRPathDateTime) -> Int? {
        guard lhs.isComparable(with: rhs) else { return nil }
        let (left, right) = alignedSpans(lhs, rhs)
        if left.last < right.first { return -1 }
        if left.first > right.last { return 1 }
        if left == right, lhs.comparisonPrecision == rhs.comparisonPrecision { return 0 }
        return nil
    }

    /// Whether the two can be compared at all: both Times, or both dates (Date or DateTime).
    public func isComparable(with other: FHIRPathDateTime) -> Bool { (kind == .time) == (other.kind == .time) }

    /// The precision as comparisons count it: a fraction of a second is part of the second.
    var comparisonPrecision: Precision { min(precision, .second) }

    // MARK: - Spans

    /// The first and last millisecond a value can stand for.
    struct Span: Equatable {
        var first: Int
        var last: Int

        /// From local time to UTC for a value written with `offset` minutes east of UTC.
        func inUTC(offset: Int) -> Span {
            Span(first: first - offset * CivilCalendar.msPerMinute, last: last - offset * CivilCalendar.msPerMinute)
        }

        /// In UTC for a value whose offset is unknown: the earliest reading is at +14:00, the latest
        /// at -12:00.
        var inUTCForAnyOffset: Span {
            Span(first: first - 14 * CivilCalendar.msPerHour, last: last + 12 * CivilCalendar.msPerHour)
        }
    }

    /// Both spans on one time line, following the offset rules above.
    private static func alignedSpans(_ lhs: FHIRPathDateTime, _ rhs: FHIRPathDateTime) -> (Span, Span) {
        switch (lhs.timeZoneOffset, rhs.timeZoneOffset) {
        case (let left?, let right?): (lhs.localSpan.inUTC(offset: left), rhs.localSpan.inUTC(offset: right))
        case (let left?, nil): (lhs.localSpan.inUTC(offset: left), rhs.localSpan.inUTCForAnyOffset)
        case (nil, let right?): (lhs.localSpan.inUTCForAnyOffset, rhs.localSpan.inUTC(offset: right))
        case (nil, nil): (lhs.localSpan, rhs.localSpan)
        }
    }

    /// The span on the value's own clock: milliseconds since 1970-01-01T00:00 local time, or
    /// since midnight for a Time. A value to the second or millisecond is a single instant.
    var localSpan: Span {
        let first = localStart
        return Span(first: first, last: first + spanLength - 1)
    }

    /// The first instant the value stands for, missing components taken at their minimum.
    var localStart: Int {
        let days =
            kind == .time ? 0 : CivilCalendar.daysSinceEpoch(year: year, month: month ?? 1, day: day ?? 1)
        let clock =
            (hour ?? 0) * CivilCalendar.msPerHour + (minute ?? 0) * CivilCalendar.msPerMinute
            + (second ?? 0) * CivilCalendar.msPerSecond + (millisecond ?? 0)
        return days * CivilCalendar.msPerDay + clock
    }

    /// How many milliseconds the value's precision covers (one for seconds and finer).
    private var spanLength: Int {
        switch precision {
        case .year: CivilCalendar.daysIn(year: year) * CivilCalendar.msPerDay
        case .month: CivilCalendar.daysIn(month: month ?? 1, year: year) * CivilCalendar.msPerDay
        case .day: CivilCalendar.msPerDay
        case .hour: CivilCalendar.msPerHour
        case .minute: CivilCalendar.msPerMinute
        case .second, .millisecond: 1
        }
    }
}
