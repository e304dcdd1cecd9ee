import FHIRModel
import Foundation
import MedicationTutorial

/// The chosen order's doses: the tutorial's chart for the chosen grouping (§13.6) as SVG with
/// its numbers as a table, and the list of §13.4, newest first.
struct DoseSection: Sendable {
    struct Entry: Sendable {
        let date: String
        let state: String
        let stateWords: String
        let reference: String
        let rawLink: String
    }

    /// The list stops here; a page with every dose of 100,000 would help no one.
    static let listed = 200

    let medication: String
    let modes: [PatientPage.Choice]
    let chart: String
    let groups: [GroupCount]
    let outside: String?
    let newestLink: String?
    /// Said when the chart ends at the newest dose rather than today.
    let ended: String?
    let searchURL: String
    let list: [Entry]
    let more: String?
    let hasList: Bool

    init(order: Order, patient: String, context: PatientPage.Context, frame: PageFrame) {
        let records = context.records
        let query = context.query
        let doses = records.administrations(of: order)
        medication = PatientPage.medication(of: order, records: records)
        let mode = GroupingMode(rawValue: query.group) ?? .week
        modes = GroupingMode.allCases.map { choice in
            var link = query
            (link.group, link.order) = (choice.rawValue, order.id)
            return PatientPage.Choice(
                name: choice.rawValue, link: link.link(patient: patient) + "#doses", selected: choice == mode)
        }
        let entries = AdministrationList.newestFirst(
            doses, timeZone: context.timeZone, language: context.language, limit: Self.listed)
        var today = query.until.flatMap(CivilDay.init) ?? context.today
        var grouped = AdministrationGroups(
            doses, grouping: DateGrouping(mode: mode), today: today, timeZone: context.timeZone)
        var windowEmpty = grouped.groups.allSatisfy { $0.countTaken + $0.countNotTaken == 0 }
        // A past regime (the tutorial's 2016) on a server whose clock is today: the chart ends at
        // its newest dose, and says so, rather than projecting empty weeks to a class.
        var ended: String?
        if query.until == nil, windowEmpty, grouped.after == 0, grouped.before > 0,
            let newest = Self.newestDay(entries), let day = CivilDay(newest)
        {
            today = day
            grouped = AdministrationGroups(
                doses, grouping: DateGrouping(mode: mode), today: today, timeZone: context.timeZone)
            windowEmpty = grouped.groups.allSatisfy { $0.countTaken + $0.countNotTaken == 0 }
            ended = "No doses since \(newest): the chart ends at the newest one."
        }
        self.ended = ended
        chart = GroupingChartSVG(groups: grouped).svg
        groups = grouped.groups
        let outsideCount = grouped.before + grouped.after + grouped.undated
        outside =
            outsideCount == 0 ? nil : grouped.outsideSummary.prefix(1).uppercased() + grouped.outsideSummary.dropFirst()
        newestLink = Self.newestDay(entries).flatMap { day in
            guard windowEmpty, grouped.before + grouped.after > 0 else { return nil }
            var link = query
            (link.until, link.order) = (day, order.id)
            return link.link(patient: patient) + "#doses"
        }
        let parameter = records.version.administrationOrderParameter
        searchURL =
            "\(frame.baseURL)/MedicationAdministration?\(parameter)=\(records.version.orderType)/"
            + ViewQuery.encode(order.id ?? "")
        list = entries.map { entry in
            let id = entry.administration.id ?? ""
            return Entry(
                date: entry.date ?? "no date", state: entry.administration.taken ? "taken" : "not-taken",
                stateWords: entry.administration.taken ? "taken" : "not taken",
                reference: "MedicationAdministration/\(id)",
                rawLink: ResourcePage.link(type: "MedicationAdministration", id: id))
        }
        hasList = !list.isEmpty
        more = doses.count > Self.listed ? "… and \(doses.count - Self.listed) older doses." : nil
    }

    /// The day of the newest dated dose, as written in its `effective`.
    static func newestDay(_ entries: [AdministrationList.Entry]) -> String? {
        guard let text = entries.first?.administration.effective?.startText, text.count >= 10 else { return nil }
        return String(text.prefix(10))
    }
}
