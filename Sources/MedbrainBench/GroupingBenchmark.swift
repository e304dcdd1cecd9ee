import FHIRModel
import Foundation
import MedicationTutorial

/// Groups a million administrations in each mode and reports the time (§13.6's chart data).
struct GroupingBenchmark {
    let count: Int

    /// Doses over three years, twice a day at varying minutes, a fifth not taken, one in a
    /// hundred undated, with the zones real servers send.
    func administrations() -> [Administration] {
        let zones = ["Z", "+02:00", "-05:00", "+05:45"]
        return (0..<count).map { index in
            var administration = Administration(id: "adm-\(index)", taken: index % 5 != 0)
            guard index % 100 != 99 else { return administration }
            let day = CivilDay(year: 2014, month: 1, day: 1).adding(days: (index / 2) % 1096)
            let (year, month, dayOfMonth) = day.components
            let hour = index % 2 == 0 ? 8 : 20
            let text =
                "\(year)-\(Self.two(month))-\(Self.two(dayOfMonth))T\(Self.two(hour)):\(Self.two(index % 60)):00"
                + zones[index % zones.count]
            administration.effective = .dateTime(text)
            return administration
        }
    }

    func run() -> [String] {
        let doses = administrations()
        let today = CivilDay(year: 2016, month: 8, day: 16)
        let zone = TimeZone(identifier: "Europe/Vienna") ?? .current
        var lines: [String] = []
        let clock = ContinuousClock()
        for (mode, weeks) in [
            (GroupingMode.year, WeekConvention.tutorial), (.month, .tutorial), (.week, .tutorial), (.week, .iso),
            (.day, .tutorial),
        ] {
            var groups: AdministrationGroups?
            let elapsed = clock.measure {
                groups = AdministrationGroups(
                    doses, grouping: DateGrouping(mode: mode, weeks: weeks), today: today, timeZone: zone)
            }
            let seconds = elapsed.seconds
            let label = mode == .week ? "week/\(weeks.rawValue)" : mode.rawValue
            lines.append(
                "group[\(label)]: \(doses.count) administrations in \(InstructionsBenchmark.format(seconds * 1000)) ms, "
                    + "\(InstructionsBenchmark.format(seconds / Double(max(doses.count, 1)) * 1e9)) ns each "
                    + "(total \(groups?.total ?? 0))")
        }
        return lines
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
