import FHIRModel
import Foundation

/// When an order's doses are due: its dosage Timing turned into instants on the patient's
/// clock, as docs/dose-times.md defines it. Used by `schedule`, `adherence`, `administer` and
/// `medbrain doses`.
public struct DoseTimes: Sendable {
    public var timeZone: TimeZone
    public var day: PatientDay

    public init(timeZone: TimeZone, day: PatientDay = PatientDay()) {
        (self.timeZone, self.day) = (timeZone, day)
    }

    /// One dose due: its instant (seconds since the epoch) and, for a Timing with a
    /// `duration`, how many seconds it runs.
    public struct Dose: Sendable, Hashable, Comparable {
        public let instant: Int
        public let seconds: Int?

        public init(instant: Int, seconds: Int? = nil) { (self.instant, self.seconds) = (instant, seconds) }

        public static func < (lhs: Dose, rhs: Dose) -> Bool { lhs.instant < rhs.instant }
    }

    /// The most doses one expansion gives before it stops and says so.
    public static let limit = 100_000

    /// The doses of every dosage of `order` due on the local days `from` through `through`.
    public func doses(of order: Order, from: CivilDay, through: CivilDay) throws(DoseTimeError) -> [Dose] {
        guard !order.dosages.isEmpty else { throw DoseTimeError("the order has no dosage instructions") }
        var all = Set<Dose>()
        for (index, dosage) in order.dosages.enumerated() {
            do {
                all.formUnion(
                    try doses(
                        of: dosage, start: order.authoredOn, dosePeriod: order.dosePeriod, from: from,
                        through: through))
            } catch {
                throw order.dosages.count == 1 ? error : DoseTimeError("dosage \(index + 1): \(error)")
            }
        }
        return all.sorted()
    }

    /// The doses of one dosage due on the local days `from` through `through`. `start` is when
    /// the order began (its `authoredOn`), `dosePeriod` the order's own limits.
    public func doses(
        of dosage: OrderDosage, start: String?, dosePeriod: Period? = nil, from: CivilDay, through: CivilDay
    ) throws(DoseTimeError) -> [Dose] {
        switch dosage.asNeeded {
        case .boolean(true), .codeableConcept: throw DoseTimeError("taken as needed: no dose is due")
        default: break
        }
        guard let schedule = dosage.schedule, !schedule.isEmpty else {
            throw DoseTimeError("the dosage has no Timing, only words")
        }
        var expansion = DoseExpansion(schedule: schedule, day: day, clock: ZoneClock(timeZone: timeZone))
        return try expansion.doses(start: start, dosePeriod: dosePeriod, from: from, through: through)
    }

    /// The first dose due at or after `instant`, looking up to two years ahead.
    public func next(of order: Order, after instant: Int) -> Dose? {
        var clock = ZoneClock(timeZone: timeZone)
        let today = CivilDay(number: DateGrouping.floorDivide(clock.local(instant: instant), 86_400))
        for days in [1, 31, 731] {
            guard let doses = try? doses(of: order, from: today, through: today.adding(days: days)) else { return nil }
            if let first = doses.first(where: { $0.instant >= instant }) { return first }
        }
        return nil
    }

    /// `2016-08-16T08:00:00+02:00`: an instant as the patient's clock shows it.
    public func text(_ instant: Int) -> String {
        var clock = ZoneClock(timeZone: timeZone)
        return clock.text(instant)
    }

    /// The local day and minute of the day an instant falls on.
    public func local(_ instant: Int) -> (day: CivilDay, minute: Int) {
        var clock = ZoneClock(timeZone: timeZone)
        let local = clock.local(instant: instant)
        let day = DateGrouping.floorDivide(local, 86_400)
        return (CivilDay(number: day), (local - day * 86_400) / 60)
    }

    /// The instant a FHIR date-time names, a date or a time without a zone read on the patient's clock.
    public func instant(_ text: String) -> Int? {
        guard let date = FHIRDateTime(text) else { return nil }
        var clock = ZoneClock(timeZone: timeZone)
        return clock.instant(date)
    }
}
