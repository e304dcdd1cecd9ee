import FHIRModel
import Foundation
import MedicationTutorial

extension Settings {
    /// The names `set` knows, in the order it shows them.
    static let names =
        ["today", "timezone", "lang", "week", "format", "colour", "trace", "timeout", "fhirpath-limit"]
        + PatientDay.settingNames

    /// Changes `name` to `value`, or says in one line what the setting takes.
    mutating func change(_ name: String, to value: String, languages: LanguageCatalog, colourAllowed: Bool)
        throws(REPLError)
    {
        switch name {
        case "today":
            guard value == "today" || CivilDay(value) != nil else {
                throw REPLError("'\(value)' is not a date such as 2016-08-16")
            }
            today = CivilDay(value)
        case "timezone":
            guard let zone = Self.zone(value) else {
                throw REPLError("unknown time zone '\(value)'; say Europe/Vienna, UTC or +02:00")
            }
            (timeZone, timeZoneName) = (zone, value)
        case "lang":
            do { _ = try languages.language(value) } catch { throw REPLError(error.description) }
            language = value
        case "week": weeks = try Self.choice(name, value)
        case "format": format = try Self.choice(name, value)
        case "trace": trace = try Self.choice(name, value)
        case "colour", "color":
            guard ["on", "off"].contains(value.lowercased()) else { throw REPLError("colour is on or off") }
            guard value.lowercased() == "off" || colourAllowed else {
                throw REPLError("colour needs a terminal and NO_COLOR unset")
            }
            colour = value.lowercased() == "on"
        case "timeout": timeout = try Self.parsedSeconds(name, value)
        case "fhirpath-limit": fhirpathLimit = try Self.parsedSeconds(name, value)
        case _ where PatientDay.settingNames.contains(name):
            do { try patientDay.set(name, to: value) } catch { throw REPLError(error.description) }
        default:
            throw REPLError("no setting '\(name)'; settings are \(Self.names.joined(separator: ", "))")
        }
    }

    /// A number of seconds from 0.1 to 600, with or without its `s`.
    static func parsedSeconds(_ name: String, _ value: String) throws(REPLError) -> Double {
        let seconds = Double(value.hasSuffix("s") ? String(value.dropLast()) : value)
        guard let seconds, seconds >= 0.1, seconds <= 600 else {
            throw REPLError("\(name) is a number of seconds from 0.1 to 600, such as 30")
        }
        return seconds
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, _ value: String) throws(REPLError)
        -> Choice where Choice.RawValue == String
    {
        guard let choice = Choice(rawValue: value.lowercased()) else {
            let names = Choice.allCases.map(\.rawValue)
            throw REPLError("\(name) is \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return choice
    }

    /// A zone by its identifier (`Europe/Vienna`, `utc`) or a fixed offset (`+02:00`, `-5`).
    static func zone(_ text: String) -> TimeZone? {
        if let zone = TimeZone(identifier: text) ?? TimeZone(identifier: text.uppercased()) { return zone }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hours = Int(parts[0]), (0...14).contains(hours),
            let minutes = parts.count == 2 ? Int(parts[1]) : 0, (0..<60).contains(minutes)
        else { return nil }
        return TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }

    /// Each setting's name and value as `set` shows them.
    func shown(languages: LanguageCatalog, now: Date) -> [(String, String)] {
        [
            ("today", today.map(Self.iso) ?? "today (\(Self.iso(CivilDay.today(in: timeZone, at: now))))"),
            ("timezone", timeZoneName),
            ("lang", "\(language) (available: \(languages.codes.joined(separator: ", ")))"),
            ("week", weeks.rawValue), ("format", format.rawValue), ("colour", colour ? "on" : "off"),
            ("trace", trace.rawValue), ("timeout", Self.seconds(timeout)),
            ("fhirpath-limit", Self.seconds(fhirpathLimit)),
        ] + PatientDay.settingNames.map { ($0, patientDay.text(of: $0)) }
    }

    func json(now: Date) -> JSONValue {
        [
            "today": .string(Self.iso(today ?? CivilDay.today(in: timeZone, at: now))),
            "todayFixed": .bool(today != nil),
            "timezone": .string(timeZoneName), "lang": .string(language), "week": .string(weeks.rawValue),
            "format": .string(format.rawValue), "colour": .bool(colour), "trace": .string(trace.rawValue),
            "timeout": .number(Self.number(timeout)), "fhirpathLimit": .number(Self.number(fhirpathLimit)),
            "patientDay": .object(JSONObject(PatientDay.settingNames.map { ($0, .string(patientDay.text(of: $0))) })),
        ]
    }

    /// `10 s`, `2.5 s`.
    static func seconds(_ value: Double) -> String { number(value) + " s" }

    /// `10`, `2.5`: whole seconds without a fraction.
    static func number(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value))" : "\(value)"
    }

    static func iso(_ day: CivilDay) -> String {
        DateGrouping(mode: .day).identifier(of: day.number)
    }
}
