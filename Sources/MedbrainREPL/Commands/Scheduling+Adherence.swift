import FHIRModel
import MedicationTutorial
import ResultTables

/// `adherence`: doses taken of doses due, per order and per week (MyTherapy's diary), with the
/// chart `group` draws; in R5 written as a MedicationStatement's `adherence` when asked.
extension Scheduling {
    /// What `adherence` was asked: which order, the days, whether to write it.
    struct AdherenceRequest {
        var number: Int?
        var from: CivilDay?
        var to: CivilDay?
        var write = false

        init(_ arguments: [String]) throws {
            var words = arguments[...]
            while let word = words.popFirst() {
                switch word {
                case "--write": write = true
                case "--from", "--to":
                    guard let text = words.popFirst(), let day = CivilDay(text) else {
                        throw REPLError("\(word) needs a date such as 2016-08-09")
                    }
                    if word == "--from" { from = day } else { to = day }
                default:
                    guard number == nil, let given = Int(word) else { throw UsageError() }
                    number = given
                }
            }
        }
    }

    func adherence(_ arguments: [String]) async throws {
        let request = try AdherenceRequest(arguments)
        let orders: [(Int, Order)]
        if let number = request.number {
            orders = [try context.session.chooseOrder([String(number)])]
        } else {
            orders = try scheduledOrders().orders
        }
        guard !request.write || orders.count == 1 else {
            throw REPLError("--write needs one order: adherence N --write")
        }
        let settings = context.settings.current
        let grouping = DateGrouping(mode: .week, weeks: settings.weeks)
        let client = try context.session.tutorialClient()
        var lines: [String] = []
        var results: [JSONValue] = []
        for (number, order) in orders {
            let times = settings.doseTimes
            let from = request.from ?? order.authoredOn.flatMap(times.instant).map { times.local($0).day } ?? today
            let to = request.to ?? today
            guard from <= to else {
                // An order written after the span has nothing due in it; only dates given can disagree.
                guard request.from == nil else { throw REPLError("--to comes before --from") }
                lines.append("\(name(number, order)): written after \(Settings.iso(to)), no dose was due")
                continue
            }
            let diary: DoseDiary
            switch try await self.diary(of: order, from: from, through: to) {
            case .success(let found): diary = found
            case .failure(let error):
                lines.append("\(name(number, order)): \(error)")
                results.append(["order": .number(String(number)), "reason": .string(error.description)])
                continue
            }
            let adherence = Adherence(diary, grouping: grouping, times: times)
            lines.append(
                "\(name(number, order)), \(Settings.iso(from)) to \(Settings.iso(to)): " + summary(adherence.total))
            if orders.count == 1 { lines += details(adherence, grouping: grouping) }
            var members = json(number, order, adherence, from: from, to: to)
            if request.write {
                let reference = try await write(adherence, of: order, from: from, to: to, client: client)
                lines.append("written: \(reference)")
                members.append(("written", .string(reference)))
            }
            results.append(.object(JSONObject(members)))
        }
        context.show(orders.count == 1 && !results.isEmpty ? results[0] : .array(results), lines: lines)
    }

    private func summary(_ tally: Adherence.Tally) -> String {
        guard let percent = tally.percent else { return "no dose was due" }
        return "\(tally.taken) of \(tally.due) due doses taken (\(percent)%): "
            + "\(tally.missed) recorded missed, \(tally.unrecorded) not recorded"
    }

    private func details(_ adherence: Adherence, grouping: DateGrouping) -> [String] {
        let rows = adherence.weeks.map { week in
            [
                week.identifier, "\(week.due)", "\(week.taken)", "\(week.missed)", "\(week.unrecorded)",
                week.percent.map { "\($0)%" } ?? "",
            ]
        }
        let table = TextTable(header: ["week", "due", "taken", "missed", "not recorded", "taken %"], rows: rows)
        var lines = table.render(width: context.console.width)
        for extra in adherence.extras {
            lines.append(
                "\(extra.kind.rawValue): MedicationAdministration/\(extra.record.id ?? "?") at \(context.settings.current.doseTimes.text(extra.recorded))"
            )
        }
        let chart = GroupChart(
            adherence.chart(grouping: grouping), width: context.console.width, colour: context.settings.current.colour)
        // Every dose of the span is in a week of the chart: the line about doses outside it says nothing.
        return lines
            + chart.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
                !$0.hasPrefix("outside the window")
            }
    }

    private func json(_ number: Int, _ order: Order, _ adherence: Adherence, from: CivilDay, to: CivilDay)
        -> [(String, JSONValue)]
    {
        func tally(_ tally: Adherence.Tally) -> [(String, JSONValue)] {
            [
                ("due", .number(String(tally.due))), ("taken", .number(String(tally.taken))),
                ("missed", .number(String(tally.missed))), ("unrecorded", .number(String(tally.unrecorded))),
                ("percent", tally.percent.map { .number(String($0)) } ?? .null),
            ]
        }
        let weeks = adherence.weeks.map { week in
            JSONValue.object(JSONObject([("week", .string(week.identifier))] + tally(week)))
        }
        let extras = adherence.extras.map { extra -> JSONValue in
            [
                "kind": .string(extra.kind.rawValue), "taken": .bool(extra.record.taken),
                "administration": .string("MedicationAdministration/\(extra.record.id ?? "?")"),
            ]
        }
        return [
            ("order", .number(String(number))), ("id", order.id.map(JSONValue.string) ?? .null),
            ("from", .string(Settings.iso(from))), ("to", .string(Settings.iso(to))),
        ] + tally(adherence.total) + [("weeks", .array(weeks)), ("extras", .array(extras))]
    }
}
