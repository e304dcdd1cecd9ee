import FHIRModel
import Foundation

/// The list of §13.4: newest first, each with its date in a long style and taken or not.
public enum AdministrationList {
    /// An administration with its date in the long style (nil without a usable date).
    public struct Entry: Sendable {
        public let administration: Administration
        public let date: String?
    }

    /// Newest first (at most `limit`); those without a usable date come last, in the order given.
    /// All are sorted, but only those returned get their date in words.
    public static func newestFirst(
        _ administrations: [Administration], timeZone: TimeZone, language: Language, limit: Int = .max
    ) -> [Entry] {
        var days: [Int: String] = [:]
        return order(administrations, timeZone: timeZone).prefix(limit).map { index, date in
            Entry(
                administration: administrations[index],
                date: date.map { longDate($0, language: language, days: &days) })
        }
    }

    /// One line per administration: `15 August 2016, 08:00   taken       adm-001`; `-` when
    /// there is no date, and those come last.
    public static func lines(_ administrations: [Administration], timeZone: TimeZone, language: Language) -> [String] {
        var days: [Int: String] = [:]
        // Places and dates only: copying each administration along was a fifth of the list's time.
        let entries = order(administrations, timeZone: timeZone).map { index, date in
            let text = date.map { longDate($0, language: language, days: &days) } ?? "-"
            return (index: index, date: text, columns: text.count)
        }
        let width = entries.map(\.columns).max() ?? 1
        return entries.map { entry in
            let administration = administrations[entry.index]
            let id = administration.id ?? ""
            // One string with room reserved, not five added together: a long list is 100,000
            // lines; padded by hand, as Foundation's padding goes through NSString.
            var line = entry.date
            line.reserveCapacity(entry.date.utf8.count + width - entry.columns + 13 + id.utf8.count)
            line.append(contentsOf: repeatElement(" ", count: width - entry.columns))
            line += administration.taken ? "  taken      " : "  not taken  "
            line += id
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The administrations' places, newest first, with their local dates: places are sorted,
    /// not administrations, which are large to move.
    private static func order(_ administrations: [Administration], timeZone: TimeZone)
        -> [(index: Int, date: LocalCalendar.LocalDate?)]
    {
        var calendar = LocalCalendar(timeZone: timeZone)
        let dates = administrations.map { $0.effective?.startText.flatMap { calendar.local($0) } }
        let keys = dates.map { $0?.sortKey ?? Int.min }
        let places = administrations.indices.sorted { left, right in
            keys[left] != keys[right] ? keys[left] > keys[right] : left < right
        }
        return places.map { ($0, dates[$0]) }
    }

    /// ``longDate(_:language:)``, with the day's words rendered once per day in `days`: a
    /// long list has many doses a day.
    static func longDate(_ date: LocalCalendar.LocalDate, language: Language, days: inout [Int: String]) -> String {
        guard date.precision == .second else { return longDate(date, language: language) }
        let day = days[date.day.number] ?? longDate(date.dayOnly, language: language)
        days[date.day.number] = day
        return day + ", " + clockTime(date)
    }

    /// `15 August 2016, 08:00`, `15 August 2016`, `August 2016` or `2016`, in the language's words.
    static func longDate(_ date: LocalCalendar.LocalDate, language: Language) -> String {
        let (year, month, day) = date.day.components
        let arguments = [("day", String(day)), ("month", language.months[month - 1]), ("year", String(year))]
        switch date.precision {
        case .year: return language.dates["year"]?.render(arguments) ?? String(year)
        case .month: return language.dates["month"]?.render(arguments) ?? "\(year)-\(month)"
        case .day: return language.dates["day"]?.render(arguments) ?? ""
        case .second: return longDate(date.dayOnly, language: language) + ", " + clockTime(date)
        }
    }

    /// `08:00`: the hour and minute of a date with a time.
    private static func clockTime(_ date: LocalCalendar.LocalDate) -> String {
        let minute = date.minuteOfDay ?? 0
        return DateGrouping.digits(minute / 60, 2) + ":" + DateGrouping.digits(minute % 60, 2)
    }
}

extension LocalCalendar.LocalDate {
    var sortKey: Int { day.number * 1440 + (minuteOfDay ?? 0) }
    /// The same day without its time.
    var dayOnly: Self { Self(day: day, minuteOfDay: nil, precision: .day) }
}
