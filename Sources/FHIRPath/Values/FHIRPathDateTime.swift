import FHIRModel
import Foundation

/// A FHIRPath Date, DateTime or Time, with the precision it was written with.
///
/// A value keeps only the components it was given: `@2014-01` has a year and a month and no day,
/// which is what lets a comparison answer "unknown" (empty) instead of inventing the first of the
/// month. `Hashable` is structural (same kind, components and offset as written); FHIRPath's own
/// `=`, `~` and ordering are `equal`, `equivalent` and `compare`.
public struct FHIRPathDateTime: Sendable, Hashable {
    /// Which of FHIRPath's three temporal types the value is.
    public enum Kind: Sendable, Hashable { case date, dateTime, time }

    /// The finest component a value has. Seconds and milliseconds are apart here, as `precision()`
    /// counts them, although comparisons take them as one precision.
    public enum Precision: Int, Sendable, Comparable, CaseIterable {
        case year, month, day, hour, minute, second, millisecond

        public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let kind: Kind
    /// 1...9999; 0 for a Time, which has no date.
    public let year: Int
    public let month: Int?
    public let day: Int?
    public let hour: Int?
    public let minute: Int?
    public let second: Int?
    public let millisecond: Int?
    /// Minutes east of UTC as written (`Z` is 0); nil when none was written. Only a DateTime
    /// with at least an hour has one.
    public let timeZoneOffset: Int?

    /// Makes a value from its components; nil when one is out of range (month 13, 30 February),
    /// when there is a gap (a day without a month), or when they do not suit the kind (a Time with
    /// a day, a Date with an hour, an offset without a time). `year` is ignored for a Time.
    public init?(
        kind: Kind, year: Int = 0, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
        second: Int? = nil, millisecond: Int? = nil, timeZoneOffset: Int? = nil
    ) {
        let fields = [kind == .time ? nil : year, month, day, hour, minute, second, millisecond]
        guard Self.suits(kind, fields: fields, timeZoneOffset: timeZoneOffset), Self.inRange(fields) else {
            return nil
        }
        self.init(unchecked: kind, fields: fields, timeZoneOffset: timeZoneOffset)
    }

    /// The same from the seven fields in precision order (year first, nil where absent).
    init?(kind: Kind, fields: [Int?], timeZoneOffset: Int?) {
        guard fields.count == Precision.allCases.count else { return nil }
        self.init(
            kind: kind, year: fields[0] ?? 0, month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
            second: fields[5], millisecond: fields[6], timeZoneOffset: timeZoneOffset)
    }

    /// Stores fields the caller has already checked (or computed from a clock).
    private init(unchecked kind: Kind, fields: [Int?], timeZoneOffset: Int?) {
        self.kind = kind
        year = fields[0] ?? 0
        month = fields[1]
        day = fields[2]
        hour = fields[3]
        minute = fields[4]
        second = fields[5]
        millisecond = fields[6]
        self.timeZoneOffset = timeZoneOffset
    }

    /// For now(), today() and timeOfDay(): the instant as read on a clock in `timeZone`, to the
    /// millisecond. A DateTime carries that zone's offset at the instant; a Date or Time has none.
    /// Instants outside 0001…9999 are held at the nearest end of that range.
    public init(date: Date, timeZone: TimeZone, kind: Kind) {
        let offset = timeZone.secondsFromGMT(for: date) / 60
        // Clamped while still a Double, so the conversion to Int cannot trap.
        let raw = date.timeIntervalSince1970 * 1000
        let bounded = min(
            max(raw.isNaN ? 0 : raw, Double(CivilCalendar.firstMillisecond)), Double(CivilCalendar.lastMillisecond))
        let local = Int(bounded.rounded(.down)) + offset * CivilCalendar.msPerMinute
        let clamped = min(max(local, CivilCalendar.firstMillisecond), CivilCalendar.lastMillisecond)
        let all = CivilCalendar.fields(fromLocalMilliseconds: clamped).map { Optional($0) }
        switch kind {
        case .date: self.init(unchecked: kind, fields: Array(all[0...2]) + [nil, nil, nil, nil], timeZoneOffset: nil)
        case .time: self.init(unchecked: kind, fields: [nil, nil, nil] + Array(all[3...6]), timeZoneOffset: nil)
        case .dateTime: self.init(unchecked: kind, fields: all, timeZoneOffset: offset)
        }
    }

    /// The seven components in precision order, year first; nil where the value has none.
    var fields: [Int?] { [kind == .time ? nil : year, month, day, hour, minute, second, millisecond] }

    /// The coarsest precision the kind can have: the year, or the hour for a Time.
    var coarsestPrecision: Precision { kind == .time ? .hour : .year }

    /// The finest component present.
    public var precision: Precision {
        if millisecond != nil { return .millisecond }
        if second != nil { return .second }
        if minute != nil { return .minute }
        if hour != nil { return .hour }
        if day != nil { return .day }
        return month != nil ? .month : .year
    }

    /// What `precision()` answers: the digits written, `@2014` 4 … `@2014-01-05T10:30:00.000` 17,
    /// `@T10:30` 4 … `@T10:30:00.000` 9.
    public var precisionDigits: Int { Self.digits(of: precision, kind: kind) }

    /// The digits FHIRPath counts for a precision of a kind (the inverse of `precision(forDigits:)`).
    static func digits(of precision: Precision, kind: Kind) -> Int {
        let dateDigits = [4, 6, 8, 10, 12, 14, 17]
        let timeDigits = [0, 0, 0, 2, 4, 6, 9]
        return (kind == .time ? timeDigits : dateDigits)[precision.rawValue]
    }

    // MARK: - Conversions

    /// A Date as the DateTime it converts to implicitly (same components, no offset); a DateTime
    /// unchanged; nil for a Time.
    public var asDateTime: FHIRPathDateTime? {
        switch kind {
        case .date: Self(kind: .dateTime, fields: fields, timeZoneOffset: nil)
        case .dateTime: self
        case .time: nil
        }
    }

    /// The date part as a Date, to the precision present (dateOf(), toDate()); nil for a Time.
    public var dateOf: FHIRPathDateTime? {
        guard kind != .time else { return nil }
        return Self(kind: .date, year: year, month: month, day: day)
    }

    /// The time part of a DateTime as a Time, as written (timeOf()); nil when there is no hour.
    public var timeOf: FHIRPathDateTime? {
        guard kind == .dateTime, hour != nil else { return nil }
        return Self(kind: .time, hour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    // MARK: - Validation

    /// Whether the present fields form a run without gaps that the kind allows.
    private static func suits(_ kind: Kind, fields: [Int?], timeZoneOffset: Int?) -> Bool {
        let first = kind == .time ? Precision.hour.rawValue : Precision.year.rawValue
        let present = fields.indices.filter { fields[$0] != nil }
        guard let last = present.last, present == Array(first...last) else { return false }
        switch kind {
        case .date: return last <= Precision.day.rawValue && timeZoneOffset == nil
        case .time: return timeZoneOffset == nil
        case .dateTime:
            guard let offset = timeZoneOffset else { return true }
            return last >= Precision.hour.rawValue && abs(offset) <= 14 * 60
        }
    }

    /// Whether each present field is within its range (the day within its month).
    private static func inRange(_ fields: [Int?]) -> Bool {
        let ranges = [1...9999, 1...12, 1...31, 0...23, 0...59, 0...59, 0...999]
        for (field, range) in zip(fields, ranges) where field.map({ !range.contains($0) }) ?? false { return false }
        guard let day = fields[2], let month = fields[1], let year = fields[0] else { return true }
        return day <= CivilCalendar.daysIn(month: month, year: year)
    }
}

extension FHIRPathDateTime: CustomStringConvertible {
    /// The value as a FHIRPath literal: `@2015-02-04`, `@2015T`, `@T14:34`.
    public var description: String { literal }
}

/// The proleptic Gregorian calendar in plain integer arithmetic. Foundation's Gregorian calendar
/// switches to the Julian one before 1582, and FHIRPath's dates reach back to year 1.
enum CivilCalendar {
    static let msPerSecond = 1000
    static let msPerMinute = 60_000
    static let msPerHour = 3_600_000
    static let msPerDay = 86_400_000
    /// 0001-01-01T00:00:00.000 and 9999-12-31T23:59:59.999, in milliseconds since 1970.
    static let firstMillisecond = -62_135_596_800_000
    static let lastMillisecond = 253_402_300_799_999

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysIn(year: Int) -> Int { isLeap(year) ? 366 : 365 }

    /// Days from 1970-01-01 to the date (negative before it): FHIRModel's `CivilDay`, which the
    /// tutorial's grouping counts days with too.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        CivilDay(year: year, month: month, day: day).number
    }

    /// The inverse of `daysSinceEpoch`.
    static func date(fromDaysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDay(number: days).components
    }

    /// Year, month, day, hour, minute, second and millisecond of a local time line position
    /// (milliseconds since 1970-01-01T00:00 in the same zone).
    static func fields(fromLocalMilliseconds ms: Int) -> [Int] {
        let days = ms >= 0 ? ms / msPerDay : (ms - msPerDay + 1) / msPerDay
        let inDay = ms - days * msPerDay
        let date = date(fromDaysSinceEpoch: days)
        return [
            date.year, date.month, date.day, inDay / msPerHour, inDay % msPerHour / msPerMinute,
            inDay % msPerMinute / msPerSecond, inDay % msPerSecond,
        ]
    }
}
