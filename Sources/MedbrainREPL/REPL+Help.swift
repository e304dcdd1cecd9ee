import Foundation
import MedicationTutorial

/// `help` and `set`.
extension REPL {
    func help(_ arguments: [String]) throws {
        if let name = arguments.first {
            guard let entry = CommandCatalog.entry(name.lowercased()) else {
                throw REPLError(CommandCatalog.unknown(name))
            }
            console.line("usage: \(entry.usage)")
            console.line("  \(entry.summary)" + (entry.section.isEmpty ? "" : " (tutorial \(entry.section))"))
            console.line("  example: \(entry.example)")
            return
        }
        for (step, entries) in CommandCatalog.steps {
            console.line(step)
            for entry in entries {
                console.line(
                    "  " + entry.usage.padding(toLength: max(entry.usage.count, 44), withPad: " ", startingAt: 0) + "  "
                        + entry.summary)
            }
        }
    }

    func set(_ arguments: [String]) throws {
        guard !arguments.isEmpty else {
            let settings = session.settings
            let today =
                settings.today.map { Self.iso($0) } ?? "today (\(Self.iso(CivilDay.today(in: settings.timeZone))))"
            console.line("today     \(today)")
            console.line("timezone  \(settings.timeZone.identifier)")
            console.line("lang      \(settings.language) (available: \(languages.codes.joined(separator: ", ")))")
            console.line("week      \(settings.weeks.rawValue)")
            console.line("trace     \(settings.trace.rawValue)")
            return
        }
        guard arguments.count == 2 else { throw REPLError("usage: \(CommandCatalog.entry("set")!.usage)") }
        let value = arguments[1]
        switch arguments[0] {
        case "today":
            guard value == "today" || CivilDay(value) != nil else {
                throw REPLError("'\(value)' is not a date such as 2016-08-16")
            }
            session.settings.today = CivilDay(value)
        case "timezone":
            guard let zone = TimeZone(identifier: value) else { throw REPLError("unknown time zone '\(value)'") }
            session.settings.timeZone = zone
        case "lang":
            _ = try language(value)
            session.settings.language = value
        case "week":
            guard let weeks = WeekConvention(rawValue: value) else { throw REPLError("week is tutorial or iso") }
            session.settings.weeks = weeks
        default:
            throw REPLError("no setting '\(arguments[0])'; settings are today, timezone, lang, week")
        }
        console.line("\(arguments[0]) \(value)")
    }

    static func iso(_ day: CivilDay) -> String {
        DateGrouping(mode: .day).identifier(of: day.number)
    }
}
