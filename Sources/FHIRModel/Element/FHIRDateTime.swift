/// A FHIR `date`, `dateTime` or `instant`, parsed with its precision.
///
/// A partial date stands for a span of time (`2016` is the whole year), which is what FHIR
/// date search compares, so the value keeps both ends of its span as Unix seconds.
public struct FHIRDateTime: Sendable, Hashable, Comparable {
    public enum Precision: Int, Sendable, Comparable {
        case year, month, day, second

        public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Double
    /// Minutes east of UTC; nil when the text gave no zone (read as UTC).
    public let zoneOffsetMinutes: Int?
    public let precision: Precision

    /// Parses FHIR's formats: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]`.
    public init?(_ text: String) {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4) else { return nil }
        var fields = (month: 1, day: 1, hour: 0, minute: 0, second: 0.0)
        var precision = Precision.year
        var zone: Int?
        if scanner.take("-") {
            guard let month = scanner.number(digits: 2), (1...12).contains(month) else { return nil }
            fields.month = month
            precision = .month
            if scanner.take("-") {
                guard let day = scanner.number(digits: 2), (1...Self.daysIn(month: month, year: year)).contains(day)
                else { return nil }
                fields.day = day
                precision = .day
                if scanner.take("T") {
                    guard let time = scanner.time() else { return nil }
                    (fields.hour, fields.minute, fields.second) = time
                    precision = .second
                    if !scanner.isAtEnd {
                        guard let offset = scanner.zone() else { return nil }
                        zone = offset
                    }
                }
            }
        }
        guard scanner.isAtEnd else { return nil }
        self.year = year
        (month, day, hour, minute, second) = fields
        zoneOffsetMinutes = zone
        self.precision = precision
    }

    /// Whether `text` is a dateTime as a resource must write it: a time, when there is one, has
    /// its seconds and a zone, as FHIR's pattern for dateTime and instant asks. (The parser
    /// itself also reads `2016-08-16T20:00`, which search values and commands may write.)
    public static func isWritten(_ text: String) -> Bool {
        guard let parsed = FHIRDateTime(text) else { return false }
        guard let time = text.firstIndex(of: "T") else { return true }
        let clock = text[text.index(after: time)...].prefix(8)
        return parsed.zoneOffsetMinutes != nil && clock.count { $0 == ":" } == 2
    }

    /// The first instant of the span, in seconds since 1970 UTC.
    public var start: Double {
        let days = CivilDay(year: year, month: month, day: day).number
        let local = Double(days * 86_400 + hour * 3_600 + minute * 60) + second
        return local - Double((zoneOffsetMinutes ?? 0) * 60)
    }

    /// The instant just after the span ends (exclusive).
    public var end: Double {
        switch precision {
        case .year: FHIRDateTime(year: year + 1, month: 1, zone: zoneOffsetMinutes).start
        case .month:
            month == 12
                ? FHIRDateTime(year: year + 1, month: 1, zone: zoneOffsetMinutes).start
                : FHIRDateTime(year: year, month: month + 1, zone: zoneOffsetMinutes).start
        case .day: start + 86_400
        case .second: start + 1
        }
    }

    private init(year: Int, month: Int, zone: Int?) {
        self.year = year
        self.month = month
        day = 1
        hour = 0
        minute = 0
        second = 0
        zoneOffsetMinutes = zone
        precision = .month
    }

    public static func < (lhs: FHIRDateTime, rhs: FHIRDateTime) -> Bool { lhs.start < rhs.start }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
