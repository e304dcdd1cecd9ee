import FHIRModel
import Foundation

/// The patient's clock: local times (seconds since 1970-01-01 00:00 on the wall clock) to
/// instants (seconds since the epoch, UTC) and back, in one time zone.
///
/// A local time the clocks skip is moved on by the change and one they repeat is the first of
/// the two: both are the offset in force before the change, as Python's `zoneinfo` reads a
/// local time with `fold=0` (docs/dose-times.md).
struct ZoneClock {
    let timeZone: TimeZone
    /// Offsets at the start and end of each UTC quarter hour asked about: a quarter whose two
    /// differ holds a change, and each instant in it is asked exactly.
    private var quarters: [Int: (start: Int, end: Int)] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    mutating func instant(local: Int) -> Int {
        let before = offset(at: local - 86_400), after = offset(at: local + 86_400)
        // The same offset a day either side: no change near, the local time is one instant.
        if before == after { return local - before }
        let early = local - before, late = local - after
        let earlyHolds = offset(at: early) == before, lateHolds = offset(at: late) == after
        switch (earlyHolds, lateHolds) {
        case (true, true): return min(early, late)
        case (false, true): return late
        default: return early
        }
    }

    mutating func local(instant: Int) -> Int { instant + offset(at: instant) }

    mutating func offset(at instant: Int) -> Int {
        let quarter = DateGrouping.floorDivide(instant, 900)
        let known = quarters[quarter] ?? (zoneOffset(quarter * 900), zoneOffset(quarter * 900 + 899))
        quarters[quarter] = known
        return known.start == known.end ? known.start : zoneOffset(instant)
    }

    /// A FHIR date-time on this clock: its instant when it has a zone, else read as local.
    /// A date (or a partial one) is the start of its first day.
    mutating func instant(_ date: FHIRDateTime) -> Int {
        let day = CivilDay(year: date.year, month: date.month, day: date.day)
        let written = day.number * 86_400 + date.hour * 3600 + date.minute * 60 + Int(date.second)
        guard let zone = date.zoneOffsetMinutes else { return instant(local: written) }
        return written - zone * 60
    }

    /// `2016-08-16T08:00:00+02:00`: the instant as the patient's clock shows it.
    mutating func text(_ instant: Int) -> String {
        // FHIR writes offsets in minutes; an old local mean time (Vienna's +01:05:21) is written in UTC.
        let zoneOffset = self.offset(at: instant)
        let offset = zoneOffset % 60 == 0 ? zoneOffset : 0
        let local = instant + offset
        let day = CivilDay(number: DateGrouping.floorDivide(local, 86_400))
        let second = local - day.number * 86_400
        let (year, month, date) = day.components
        let zone = abs(offset) / 60
        return "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(date))T\(Self.pad(second / 3600)):"
            + "\(Self.pad(second / 60 % 60)):\(Self.pad(second % 60))"
            + (offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(Self.pad(zone / 60)):\(Self.pad(zone % 60))")
    }

    private func zoneOffset(_ instant: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
