import Foundation

/// Reading and writing the text of dates and times.
///
/// Accepted: `YYYY[-MM[-DD]]` for a Date; the same for a DateTime, optionally followed by `T` and
/// then optionally `hh[:mm[:ss[.f…]]]` and an offset `Z` or `(+|-)hh:mm`; `hh[:mm[:ss[.f…]]]` for a
/// Time. A time in a DateTime needs the whole date. Any number of fraction digits is read (FHIR
/// allows up to nine) and kept to the millisecond, FHIRPath's step; leap second 60 is refused.
extension FHIRPathDateTime {
    /// Parses text without the `@` (and, for a Time, without the `T`): a FHIRPath literal's body
    /// or a FHIR `date`, `dateTime`, `instant` or `time` value. Nil when malformed or out of range.
    public init?(parsing text: String, kind: Kind) {
        var scanner = DateTimeScanner(text)
        let value: FHIRPathDateTime? =
            switch kind {
            case .date: scanner.readDate().flatMap { Self(kind: .date, fields: $0 + [nil, nil, nil, nil]) }
            case .dateTime: Self.readDateTime(&scanner)
            case .time: scanner.readClock().flatMap { Self(kind: .time, fields: [nil, nil, nil] + $0) }
            }
        guard let value, scanner.isAtEnd else { return nil }
        self = value
    }

    /// Parses a literal's text after the `@` as the lexer hands it over, taking the kind from its
    /// shape: `T14:34` is a Time, `2015T` or `2015-02-04T14:34` a DateTime, `2015-02` a Date.
    public init?(literal text: String) {
        if text.hasPrefix("T") {
            self.init(parsing: String(text.dropFirst()), kind: .time)
        } else {
            self.init(parsing: text, kind: text.contains("T") ? .dateTime : .date)
        }
    }

    /// Parses a FHIR primitive's JSON string by its FHIR type (`date`, `dateTime`, `instant`,
    /// `time`); nil for other types or a malformed value.
    public init?(fhirValue text: String, fhirType: String) {
        switch fhirType {
        case "date": self.init(parsing: text, kind: .date)
        case "dateTime", "instant": self.init(parsing: text, kind: .dateTime)
        case "time": self.init(parsing: text, kind: .time)
        default: return nil
        }
    }

    private init?(kind: Kind, fields: [Int?]) { self.init(kind: kind, fields: fields, timeZoneOffset: nil) }

    private static func readDateTime(_ scanner: inout DateTimeScanner) -> FHIRPathDateTime? {
        guard let date = scanner.readDate() else { return nil }
        // `2015` (FHIR) and `2015T` (FHIRPath) are both a DateTime without a time.
        guard scanner.take("T"), !scanner.isAtEnd else {
            return Self(kind: .dateTime, fields: date + [nil, nil, nil, nil])
        }
        guard date[2] != nil, let clock = scanner.readClock() else { return nil }
        var offset: Int?
        if !scanner.isAtEnd {
            guard let written = scanner.readOffset() else { return nil }
            offset = written
        }
        return Self(kind: .dateTime, fields: date + clock, timeZoneOffset: offset)
    }

    // MARK: - Text

    /// The canonical text without the `@` (and the `T` of a Time): `2015-02-04`,
    /// `2015-02-04T14:34:28.123+10:00`, `2015T` for a DateTime without a time, `14:34:28.123`.
    /// Milliseconds are always three digits (`.1` reads as 100 ms and writes as `.100`) and a zero
    /// offset is written `Z`. `init(parsing:kind:)` reads it back to the same value.
    public var text: String {
        switch kind {
        case .date: dateText
        case .time: clockText
        case .dateTime: dateText + "T" + (hour == nil ? "" : clockText + offsetText)
        }
    }

    /// What `toString()` gives: `text`, except that a DateTime without a time drops the `T`
    /// (`2015-02`), as FHIR writes it.
    public var stringValue: String { kind == .dateTime && hour == nil ? dateText : text }

    /// The value as a FHIRPath literal: `@2015-02-04`, `@2015T`, `@T14:34`.
    public var literal: String { (kind == .time ? "@T" : "@") + text }

    private var dateText: String {
        var text = Self.padded(year, 4)
        if let month { text += "-" + Self.padded(month, 2) }
        if let day { text += "-" + Self.padded(day, 2) }
        return text
    }

    private var clockText: String {
        var text = Self.padded(hour ?? 0, 2)
        if let minute { text += ":" + Self.padded(minute, 2) }
        if let second { text += ":" + Self.padded(second, 2) }
        if let millisecond { text += "." + Self.padded(millisecond, 3) }
        return text
    }

    private var offsetText: String {
        guard let offset = timeZoneOffset else { return "" }
        guard offset != 0 else { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        return sign + Self.padded(abs(offset) / 60, 2) + ":" + Self.padded(abs(offset) % 60, 2)
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads the parts of a date/time text left to right; each read consumes only what it accepts.
private struct DateTimeScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }

    /// Consumes `character` when it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// `YYYY[-MM[-DD]]` as year, month and day (nil where absent); ranges are checked later.
    mutating func readDate() -> [Int?]? {
        guard let year = number(digits: 4) else { return nil }
        var date: [Int?] = [year, nil, nil]
        guard take("-") else { return date }
        guard let month = number(digits: 2) else { return nil }
        date[1] = month
        guard take("-") else { return date }
        guard let day = number(digits: 2) else { return nil }
        date[2] = day
        return date
    }

    /// `hh[:mm[:ss[.f…]]]` as hour, minute, second and millisecond (nil where absent).
    mutating func readClock() -> [Int?]? {
        guard let hour = number(digits: 2) else { return nil }
        var clock: [Int?] = [hour, nil, nil, nil]
        guard take(":") else { return clock }
        guard let minute = number(digits: 2) else { return nil }
        clock[1] = minute
        guard take(":") else { return clock }
        guard let second = number(digits: 2) else { return nil }
        clock[2] = second
        guard take(".") else { return clock }
        guard let millisecond = readFraction() else { return nil }
        clock[3] = millisecond
        return clock
    }

    /// One or more digits after the point, as whole milliseconds (digits past the third dropped).
    private mutating func readFraction() -> Int? {
        var digits: [Int] = []
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            digits.append(Int(bytes[index] - UInt8(ascii: "0")))
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        let firstThree = (digits + [0, 0, 0]).prefix(3)
        return firstThree.reduce(0) { $0 * 10 + $1 }
    }

    /// `Z` or `(+|-)hh:mm` as minutes east of UTC; the ±14:00 limit is checked later.
    mutating func readOffset() -> Int? {
        if take("Z") { return 0 }
        let sign = take("+") ? 1 : take("-") ? -1 : 0
        guard sign != 0, let hours = number(digits: 2), take(":"), let minutes = number(digits: 2), minutes < 60
        else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
