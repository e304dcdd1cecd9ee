import FHIRModel
import Foundation

/// What a question's answer is, so that it is read as a value rather than compared as text
/// (`type: quantity h` in a lesson): "6", "6 h", "6 hours" and "360 min" are one duration; a
/// code and a base64url string are compared with their case; a date at the precision it asks.
public enum AnswerType: Sendable, Equatable {
    /// Compared without case or spacing (what a lesson gets when it states no type).
    case text
    /// Case and every character count, spacing aside (a base64url string, a name).
    case string
    /// A code: exactly as written.
    case code
    /// A number, in any spelling of it (`6`, `6.0`).
    case number
    /// A quantity in `unit` (UCUM); a bare number is taken in that unit, and units of time are
    /// converted (`30 min` is `0.5 h`).
    case quantity(unit: String)
    /// A date, at the precision of the answer written in the lesson; a dateTime given is read
    /// at that precision too.
    case date
    /// A date-time with its zone, as one instant: any offset that names it.
    case instant

    /// Reads `text|string|code|number|quantity UNIT|date|instant`.
    init(_ text: String) throws(WorkbookProblem) {
        let words = text.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("text", 1): self = .text
        case ("string", 1): self = .string
        case ("code", 1): self = .code
        case ("number", 1), ("integer", 1): self = .number
        case ("date", 1): self = .date
        case ("instant", 1): self = .instant
        case ("quantity", 2): self = .quantity(unit: words[1])
        default:
            throw WorkbookProblem("a question's type is text, string, code, number, quantity UNIT, date or instant")
        }
    }

    /// Whether `given`, as the student typed it, is `accepted` (a lesson's answer or a value
    /// computed from the server's data).
    func same(_ given: String, as accepted: String) -> Bool {
        let spaced = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        switch self {
        case .text: return LessonAnswer.normalized(given) == LessonAnswer.normalized(accepted)
        case .string: return spaced(given) == spaced(accepted)
        case .code: return given.trimmingCharacters(in: .whitespaces) == accepted.trimmingCharacters(in: .whitespaces)
        case .number:
            guard let one = Self.number(given), let two = Self.number(accepted) else { return false }
            return one == two
        case .quantity(let unit):
            guard let one = Self.quantity(given, unit: unit), let two = Self.quantity(accepted, unit: unit) else {
                return false
            }
            return one == two
        case .instant:
            // Any spelling of the same instant: 20:00:00+02:00 is 18:00:00Z.
            guard let wanted = Self.instant(accepted) else { return false }
            return Self.instant(given) == wanted
        case .date:
            // A day asked of a dateTime is its day as written; a year or month, as precise.
            let wanted = accepted.trimmingCharacters(in: .whitespaces).prefix(10)
            let typed = given.trimmingCharacters(in: .whitespaces)
            guard [4, 7, 10].contains(wanted.count), typed.count >= wanted.count, Self.isDate(typed),
                Self.isDate(String(wanted))
            else { return false }
            return typed.prefix(wanted.count) == wanted
        }
    }

    static func number(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // The whole text a number: `12-11` is no 12, as Decimal alone would read it.
        guard trimmed.range(of: #"^[+-]?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else {
            return nil
        }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A quantity as a value in `unit`: `6`, `6 h`, `6h`, `6 hours`, `360 min`.
    static func quantity(_ text: String, unit: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        guard let value = number(String(digits)) else { return nil }
        let written = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !written.isEmpty else { return value }
        guard let from = TimeUnit(written) else { return written == unit.lowercased() ? value : nil }
        guard let to = TimeUnit(unit), from.isFixed == to.isFixed, from.isFixed || from.seconds == to.seconds else {
            return nil
        }
        return value * from.seconds / to.seconds
    }

    /// The instant a dateTime with a time and a zone names, in seconds since 1970 UTC; nil for a
    /// date, or a time without its zone, which names no one instant.
    static func instant(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isDate(trimmed), trimmed.contains("T"), let parsed = FHIRDateTime(trimmed),
            parsed.zoneOffsetMinutes != nil
        else { return nil }
        return parsed.start
    }

    /// A FHIR date or dateTime (`2013`, `2013-03`, `2013-03-30`, `2013-03-30T…`).
    static func isDate(_ text: String) -> Bool {
        let pattern = #"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}

/// UCUM's units of time with their everyday names, by their length in seconds. Months and
/// years have no fixed length, so they convert only to themselves.
struct TimeUnit {
    let seconds: Decimal
    /// False for months and years, whose length varies.
    var isFixed: Bool { seconds < 2_629_800 }

    init?(_ text: String) {
        let names: [(Decimal, [String])] = [
            (1, ["s", "sec", "secs", "second", "seconds"]),
            (60, ["min", "mins", "minute", "minutes"]),
            (3600, ["h", "hr", "hrs", "hour", "hours"]),
            (86_400, ["d", "day", "days"]),
            (604_800, ["wk", "week", "weeks"]),
            (2_629_800, ["mo", "month", "months"]),
            (31_557_600, ["a", "year", "years"]),
        ]
        guard let found = names.first(where: { $0.1.contains(text.lowercased()) }) else { return nil }
        seconds = found.0
    }
}
