import FHIRModel
import Foundation
import MedicationTutorial

/// Today's schedule on the patient's page: each active order's doses due today, as `schedule`
/// shows them (docs/dose-times.md), so the class sees what is taken, missed and still open.
struct TodaySchedule: Sendable {
    struct Dose: Sendable {
        let time: String
        let medication: String
        /// `taken`, `missed`, `overdue`, `not-yet-due`: the class the page colours it by.
        let state: String
        let stateWords: String
        let recordReference: String?
        let recordLink: String?
    }

    let day: String
    let doses: [Dose]
    /// Active orders without dose times, with the reason (taken as needed, say).
    let unscheduled: [String]
    let hasDoses: Bool

    init(orders: [Order], context: PatientPage.Context) {
        let times = DoseTimes(timeZone: context.timeZone)
        let today = context.today
        day = String(times.text(times.instant(localDay: today)).prefix(10))
        var doses: [(Int, Dose)] = []
        var unscheduled: [String] = []
        for order in orders where order.status == "active" {
            let medication = PatientPage.medication(of: order, records: context.records)
            let diary: DoseDiary
            do {
                diary = try times.diary(
                    of: order, administrations: context.records.administrations(of: order), from: today, through: today,
                    now: context.now)
            } catch {
                unscheduled.append("\(medication): \(error)")
                continue
            }
            doses += diary.entries.map { entry in
                let id = entry.record?.id
                return (
                    entry.due,
                    Dose(
                        time: String(times.text(entry.due).dropFirst(11).prefix(5)), medication: medication,
                        state: entry.status.rawValue.replacingOccurrences(of: " ", with: "-"),
                        stateWords: entry.status.rawValue, recordReference: id.map { "MedicationAdministration/\($0)" },
                        recordLink: id.map { ResourcePage.link(type: "MedicationAdministration", id: $0) })
                )
            }
        }
        self.doses = doses.sorted { $0.0 < $1.0 }.map(\.1)
        self.unscheduled = unscheduled
        hasDoses = !doses.isEmpty
    }
}
