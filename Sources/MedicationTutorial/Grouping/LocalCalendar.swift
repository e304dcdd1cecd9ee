import FHIRModel
import Foundation

/// Where FHIR dates fall on the calendar of one time zone.
///
/// An instant (`2016-08-15T22:30:00Z`) moves to the zone's local day; a plain date
/// (`2016-08-15`) is already a local day and stays. Offsets are cached per quarter hour, so
/// a million administrations ask the time zone database only about the quarters they use.
struct LocalCalendar {
    let timeZone: TimeZone
    /// Per UTC quarter hour: the offsets at its start and end. When they differ the quarter
    /// holds a change (old zones changed at odd minutes), and each instant is asked exactly.
    private var offsets: [Int: (start: Int, end: Int)] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// A date's local day and minute of the day (nil without a time), with its precision.
    struct LocalDate: Equatable {
        var day: CivilDay
        var minuteOfDay: Int?
        var precision: FHIRDateTime.Precision
    }

    mutating func local(_ text: String) -> LocalDate? {
        guard let date = FHIRDateTime(text) else { return nil }
        guard date.precision == .second, let zone = date.zoneOffsetMinutes else {
            // No zone: the date as written is the local one (a date, or a time FHIR left unzoned).
            let minute = date.precision == .second ? date.hour * 60 + date.minute : nil
            return LocalDate(
                day: CivilDay(year: date.year, month: date.month, day: date.day), minuteOfDay: minute,
                precision: date.precision)
        }
        let written =
            CivilDay(year: date.year, month: date.month, day: date.day).number * 1440 + date.hour * 60 + date.minute
        let utcSeconds = (written - zone) * 60
        let localMinutes = DateGrouping.floorDivide(utcSeconds + offset(at: utcSeconds), 60)
        let dayNumber = DateGrouping.floorDivide(localMinutes, 1440)
        return LocalDate(
            day: CivilDay(number: dayNumber), minuteOfDay: localMinutes - dayNumber * 1440, precision: .second)
    }

    private mutating func offset(at utcSeconds: Int) -> Int {
        let quarter = DateGrouping.floorDivide(utcSeconds, 900)
        let known = offsets[quarter] ?? (zoneOffset(quarter * 900), zoneOffset(quarter * 900 + 899))
        offsets[quarter] = known
        return known.start == known.end ? known.start : zoneOffset(utcSeconds)
    }

    private func zoneOffset(_ utcSeconds: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
    }
}
