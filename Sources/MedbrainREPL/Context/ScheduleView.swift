import FHIRModel
import MedicationTutorial

/// One order on the schedule: its due doses matched to what was recorded, and the next dose.
struct ScheduleSection {
    let number: Int
    let order: Order
    let title: String
    let diary: DoseDiary
    let next: DoseTimes.Dose?
}

/// What `schedule` shows: per order, each due dose with its status, the records no due dose
/// explains, and when the next dose is due; then the orders the schedule leaves out and why.
struct ScheduleView {
    let from: CivilDay
    let through: CivilDay
    let now: Int
    let times: DoseTimes
    let zoneName: String
    let sections: [ScheduleSection]
    let unscheduled: [(Int, String)]
    let left: [String]

    var lines: [String] {
        let span = from == through ? Settings.iso(from) : "\(Settings.iso(from)) to \(Settings.iso(through))"
        var lines = ["Doses due \(span) (\(zoneName)), now \(times.text(now))"]
        if sections.isEmpty { lines.append("No active order has doses on a schedule.") }
        for section in sections {
            lines.append(section.title)
            if section.diary.entries.isEmpty { lines.append("  no dose due") }
            for entry in section.diary.entries {
                lines.append("  \(clock(entry.due))  \(status(entry))")
            }
            for extra in section.diary.extras {
                lines.append("  \(clock(extra.recorded))  \(extra.kind.rawValue): \(reference(extra.record))")
            }
            lines.append("  next dose: " + (section.next.map { times.text($0.instant) } ?? "none due"))
        }
        for (number, reason) in unscheduled { lines.append("order \(number): not on the schedule: \(reason)") }
        lines += left.map { "not on the schedule: " + $0 }
        return lines
    }

    var json: JSONValue {
        [
            "from": .string(Settings.iso(from)), "to": .string(Settings.iso(through)), "now": .string(times.text(now)),
            "orders": .array(sections.map(sectionJSON)),
            "unscheduled": .array(
                unscheduled.map { ["order": .number(String($0.0)), "reason": .string($0.1)] as JSONValue }),
        ]
    }

    private func sectionJSON(_ section: ScheduleSection) -> JSONValue {
        [
            "order": .number(String(section.number)), "id": section.order.id.map(JSONValue.string) ?? .null,
            "doses": .array(
                section.diary.entries.map { entry in
                    [
                        "due": .string(times.text(entry.due)), "status": .string(entry.status.rawValue),
                        "administration": entry.record.map { .string(reference($0)) } ?? .null,
                        "recorded": entry.recorded.map { .string(times.text($0)) } ?? .null,
                    ]
                }),
            "extra": .array(
                section.diary.extras.map { extra in
                    [
                        "kind": .string(extra.kind.rawValue), "administration": .string(reference(extra.record)),
                        "recorded": .string(times.text(extra.recorded)),
                    ]
                }),
            "next": section.next.map { .string(times.text($0.instant)) } ?? .null,
        ]
    }

    private func status(_ entry: DoseDiary.Entry) -> String {
        guard let record = entry.record, let recorded = entry.recorded else { return entry.status.rawValue }
        return "\(entry.status.rawValue) at \(clock(recorded)): \(reference(record))"
    }

    /// `08:00` on a one-day schedule, `2016-08-16 08:00` on a longer one.
    private func clock(_ instant: Int) -> String {
        let text = times.text(instant)
        let time = String(text.dropFirst(11).prefix(5))
        return from == through ? time : "\(text.prefix(10)) \(time)"
    }

    private func reference(_ record: Administration) -> String { "MedicationAdministration/\(record.id ?? "?")" }
}
