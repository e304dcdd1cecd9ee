import FHIRModel
import Foundation
import MedicationTutorial

/// On time: each order's doses due, from its Timing (docs/dose-times.md), beside what was recorded.
extension CommandGroup {
    static var scheduling: CommandGroup {
        CommandGroup(
            "7. On time",
            [
                .builtin(
                    "schedule", usage: "schedule [DATE | --week]",
                    summary: "the doses due that day (or week), taken, missed or open, and the next one",
                    section: "§12.6", example: "schedule", waiting: "Loading administrations…",
                    complete: { _, words in words.count == 2 ? ["--week", "today"] : [] },
                    run: { try await Scheduling(context: $0).schedule($1) }),
                .builtin(
                    "doses", usage: "doses [--from DATE] [--to DATE] N|@FILE|JSON",
                    summary: "when the doses of order N, or of a Timing or Dosage you write, are due",
                    section: "§12.6", example: "doses --from 2016-08-16 11", waiting: "Working out the doses…",
                    tail: .json,
                    complete: { context, words in
                        words.count == 2 ? context.completions.orderNumbers : ["--from", "--to"]
                    }, run: { try await Scheduling(context: $0).doses($1) }),
                .builtin(
                    "adherence", usage: "adherence [N] [--from DATE] [--to DATE] [--write]",
                    summary: "doses taken of doses due, per order and per week, as a chart",
                    section: "§13.5", example: "adherence 11 --from 2016-08-09", waiting: "Loading administrations…",
                    complete: { context, words in
                        words.count == 2 ? context.completions.orderNumbers : ["--from", "--to", "--write"]
                    }, run: { try await Scheduling(context: $0).adherence($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
struct Scheduling {
    let context: CommandContext

    /// The orders the schedule covers (active ones), and why each other order is not on it.
    func scheduledOrders() throws -> (orders: [(Int, Order)], left: [String]) {
        _ = try context.session.loggedIn()
        guard context.session.ordersListed else { throw REPLError("no orders listed; 'orders' first") }
        var orders: [(Int, Order)] = []
        var left: [String] = []
        var inactive = 0
        for (index, order) in context.session.orders.enumerated() {
            guard order.status == "active" else {
                inactive += 1
                continue
            }
            orders.append((index + 1, order))
        }
        if inactive > 0 { left.append("\(inactive) order\(inactive == 1 ? " that is" : "s that are") not active") }
        return (orders, left)
    }

    /// Now by the session's clock; with `set today` on another day, that day at the clock's time.
    var now: Int {
        let clock = Int(context.clock().timeIntervalSince1970.rounded(.down))
        let times = context.settings.current.doseTimes
        let (day, _) = times.local(clock)
        guard day != today else { return clock }
        return times.instant(localDay: today) + (clock - times.instant(localDay: day))
    }

    var today: CivilDay {
        let settings = context.settings.current
        return settings.today ?? CivilDay.today(in: settings.timeZone, at: context.clock())
    }

    /// The due dose a record made now fulfils (the one whose slot holds now, its neighbours a
    /// month either side at most), and the record it already has; nil when the order has no dose
    /// times (taken as needed, say) or none near now.
    func dueNow(_ order: Order) async throws -> (due: Int, recorded: Administration?)? {
        let times = context.settings.current.doseTimes
        let day = times.local(now).day
        guard
            case .success(let diary) = try await diary(
                of: order, from: day.adding(days: -32), through: day.adding(days: 32))
        else { return nil }
        guard let entry = diary.entries.first(where: { $0.slot.contains(now) }) else { return nil }
        return (entry.due, entry.record)
    }

    /// The order's due doses on the days matched to its administrations, or why it has no dose
    /// times (known before its administrations are read).
    func diary(of order: Order, from: CivilDay, through: CivilDay) async throws -> Result<DoseDiary, DoseTimeError> {
        let times = context.settings.current.doseTimes
        do { _ = try times.doses(of: order, from: from, through: through) } catch { return .failure(error) }
        let records = try await AdministrationPages(client: try context.session.tutorialClient()).all(of: order)
        do {
            return .success(
                try times.diary(of: order, administrations: records, from: from, through: through, now: now))
        } catch { return .failure(error) }
    }

    /// The first dose due from `now` on that is not already recorded (a dose taken early).
    static func next(of order: Order, after now: Int, skipping diary: DoseDiary, times: DoseTimes) -> DoseTimes.Dose? {
        let recorded = Set(diary.entries.filter { $0.record != nil }.map(\.due))
        var next = times.next(of: order, after: now)
        while let dose = next, recorded.contains(dose.instant) { next = times.next(of: order, after: dose.instant + 1) }
        return next
    }

    func name(_ number: Int, _ order: Order) -> String {
        let medication = MedicationName.of(order.medication, medications: context.session.medications)
        return "order \(number)" + (medication.map { " · \($0)" } ?? "")
    }

    fileprivate func schedule(_ arguments: [String]) async throws {
        let week = arguments.contains("--week")
        let rest = arguments.filter { $0 != "--week" }
        guard rest.count <= 1 else { throw UsageError() }
        var day = today
        if let text = rest.first, text != "today" {
            guard let given = CivilDay(text) else { throw REPLError("'\(text)' is not a date such as 2016-08-16") }
            day = given
        }
        let settings = context.settings.current
        let from = week ? DateGrouping(mode: .week, weeks: settings.weeks).weekStart(of: day) : day
        let through = week ? from.adding(days: 6) : day
        let (orders, left) = try scheduledOrders()
        var sections: [ScheduleSection] = []
        var unscheduled: [(Int, String)] = []
        for (number, order) in orders {
            let times = settings.doseTimes
            let diary: DoseDiary
            switch try await self.diary(of: order, from: from, through: through) {
            case .success(let found): diary = found
            case .failure(let error):
                unscheduled.append((number, error.description))
                continue
            }
            sections.append(
                ScheduleSection(
                    number: number, order: order, title: name(number, order), diary: diary,
                    next: Self.next(of: order, after: now, skipping: diary, times: times)))
        }
        let view = ScheduleView(
            from: from, through: through, now: now, times: settings.doseTimes, zoneName: settings.timeZoneName,
            sections: sections, unscheduled: unscheduled, left: left)
        context.show(view.json, lines: view.lines)
    }
}
