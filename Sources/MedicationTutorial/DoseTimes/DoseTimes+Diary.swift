import FHIRModel

extension DoseTimes {
    /// `order`'s due doses on the local days `from` through `through`, matched to its
    /// administrations, with `now` deciding what is overdue.
    public func diary(
        of order: Order, administrations: [Administration], from: CivilDay, through: CivilDay, now: Int
    ) throws(DoseTimeError) -> DoseDiary {
        let due = try doses(of: order, from: from, through: through).map(\.instant)
        let window = instant(localDay: from)..<instant(localDay: through.adding(days: 1))
        return DoseDiary(
            due: due, previous: last(of: order, before: from), next: first(of: order, after: through),
            administrations: administrations, now: now, window: window, times: self)
    }

    /// The last dose due before the local day `day`, looking back up to two years.
    func last(of order: Order, before day: CivilDay) -> Int? {
        for days in [1, 31, 731] {
            guard let doses = try? doses(of: order, from: day.adding(days: -days), through: day.adding(days: -1))
            else { return nil }
            if let last = doses.last { return last.instant }
        }
        return nil
    }

    /// The first dose due after the local day `day`, looking up to two years ahead.
    func first(of order: Order, after day: CivilDay) -> Int? {
        for days in [1, 31, 731] {
            guard let doses = try? doses(of: order, from: day.adding(days: 1), through: day.adding(days: days))
            else { return nil }
            if let first = doses.first { return first.instant }
        }
        return nil
    }

    /// The instant the local day `day` begins on the patient's clock.
    public func instant(localDay day: CivilDay) -> Int {
        var clock = ZoneClock(timeZone: timeZone)
        return clock.instant(local: day.number * 86_400)
    }
}
