import FHIRModel
import MedicationTutorial

/// Step 5 of the tutorial: an order's administrations, newest first (§13.4), and grouped by
/// year, month, week or day as a chart (§13.5–13.6).
extension CommandGroup {
    static var administering: CommandGroup {
        CommandGroup(
            "5. Administrations",
            [
                .builtin(
                    "administrations", usage: "administrations [N]", summary: "doses of order N, newest first",
                    section: "§13.4", example: "administrations 1", waiting: "Loading administrations…",
                    complete: { context, words in words.count == 2 ? context.completions.orderNumbers : [] },
                    run: { try await Administering(context: $0).administrations($1) }),
                .builtin(
                    "group", usage: "group year|month|week|day [N]",
                    summary: "doses taken and not taken per group, as a chart", section: "§13.5–13.6",
                    example: "group week 1", waiting: "Loading administrations…",
                    complete: { context, words in
                        switch words.count {
                        case 2: GroupingMode.allCases.map(\.rawValue)
                        case 3: context.completions.orderNumbers
                        default: []
                        }
                    }, run: { try await Administering(context: $0).group($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Administering {
    let context: CommandContext

    fileprivate func administrations(_ arguments: [String]) async throws {
        let (_, order) = try context.session.chooseOrder(arguments)
        let doses = try await AdministrationPages(client: try context.session.tutorialClient()).all(of: order)
        let zone = context.settings.current.timeZone
        let words = try context.language()
        context.show(
            .array(
                AdministrationList.newestFirst(doses, timeZone: zone, language: words).map { entry in
                    [
                        "id": CommandContext.json(entry.administration.id), "taken": .bool(entry.administration.taken),
                        "effective": CommandContext.json(entry.administration.effective?.startText),
                        "date": CommandContext.json(entry.date),
                    ]
                }),
            lines: doses.isEmpty
                ? ["No administrations"] : AdministrationList.lines(doses, timeZone: zone, language: words))
    }

    fileprivate func group(_ arguments: [String]) async throws {
        guard let first = arguments.first, let mode = GroupingMode(rawValue: first.lowercased()) else {
            throw UsageError()
        }
        let (_, order) = try context.session.chooseOrder(Array(arguments.dropFirst()))
        let doses = try await AdministrationPages(client: try context.session.tutorialClient()).all(of: order)
        let settings = context.settings.current
        let today = settings.today ?? CivilDay.today(in: settings.timeZone, at: context.clock())
        let groups = await AdministrationGroups.counting(
            doses, grouping: DateGrouping(mode: mode, weeks: settings.weeks), today: today, timeZone: settings.timeZone)
        context.lastChart = ChartDrawn(order: order.id ?? "", mode: mode.rawValue, groups: groups)
        context.show(
            groups.json,
            text: GroupChart(groups, width: context.console.width, colour: settings.colour).text)
    }
}
