import Foundation

/// `lowBoundary()` and `highBoundary()`: the earliest and latest value a partial date or time
/// could be, written to a given precision.
///
/// Precisions are counted in digits, as `precision()` counts them: 4 (year), 6 (month), 8 (day),
/// 10 (hour), 12 (minute), 14 (second) and 17 (millisecond) for a DateTime, up to 8 for a Date;
/// 2, 4, 6 and 9 for a Time. Components the value lacks are filled with their least (low) or
/// greatest (high) value; components finer than the precision asked for are dropped. A DateTime
/// without an offset gets the offset that makes it earliest (+14:00) or latest (-12:00) once it
/// has a time, so `@2014-01-01T08.lowBoundary(17)` is `@2014-01-01T08:00:00.000+14:00`.
extension FHIRPathDateTime {
    /// The least value at `digits` precision (the finest, 8, 17 or 9, when nil); nil when the kind
    /// has no such precision.
    public func lowBoundary(precision digits: Int?) -> FHIRPathDateTime? { boundary(digits, isHigh: false) }

    /// The greatest value at `digits` precision (the finest, 8, 17 or 9, when nil); nil when the
    /// kind has no such precision.
    public func highBoundary(precision digits: Int?) -> FHIRPathDateTime? { boundary(digits, isHigh: true) }

    /// The precision a digit count names for a kind: 4 → year … 17 → millisecond, or 2 → hour …
    /// 9 → millisecond for a Time; nil for other counts and for a Date finer than the day.
    public static func precision(forDigits digits: Int, kind: Kind) -> Precision? {
        let finest: Precision = kind == .date ? .day : .millisecond
        let first: Precision = kind == .time ? .hour : .year
        return Precision.allCases.first { $0 >= first && $0 <= finest && Self.digits(of: $0, kind: kind) == digits }
    }

    private func boundary(_ digits: Int?, isHigh: Bool) -> FHIRPathDateTime? {
        let target = digits.map { Self.precision(forDigits: $0, kind: kind) } ?? (kind == .date ? .day : .millisecond)
        guard let target else { return nil }
        var fields = self.fields
        for precision in Precision.allCases where precision >= coarsestPrecision {
            if precision > target {
                fields[precision.rawValue] = nil
            } else if fields[precision.rawValue] == nil {
                fields[precision.rawValue] = Self.extreme(of: precision, isHigh: isHigh, year: year, month: fields[1])
            }
        }
        return FHIRPathDateTime(kind: kind, fields: fields, timeZoneOffset: boundaryOffset(target, isHigh: isHigh))
    }

    /// The offset of a boundary: the value's own, or the extreme one when it has none; none at all
    /// when the boundary has no time to carry it.
    private func boundaryOffset(_ target: Precision, isHigh: Bool) -> Int? {
        guard kind == .dateTime, target >= .hour else { return nil }
        return timeZoneOffset ?? (isHigh ? -12 * 60 : 14 * 60)
    }

    /// The least or greatest value a component can take; the last day depends on the month,
    /// which is filled before it.
    private static func extreme(of precision: Precision, isHigh: Bool, year: Int, month: Int?) -> Int {
        switch precision {
        case .year: year
        case .month: isHigh ? 12 : 1
        case .day: isHigh ? CivilCalendar.daysIn(month: month ?? 12, year: year) : 1
        case .hour: isHigh ? 23 : 0
        case .minute, .second: isHigh ? 59 : 0
        case .millisecond: isHigh ? 999 : 0
        }
    }
}
