import FHIRModel
import MedbrainREPL

/// `chart MODE ORDER`: the chart `group` drew last groups order ORDER's doses by MODE, shows
/// doses in its window (an empty chart, drawn for a window without doses, teaches nothing),
/// and counts every dose the server holds for the order, inside its window or outside it.
public struct ChartExpectation: Sendable, Equatable {
    let mode: String
    let order: String

    init(_ words: [String]) throws(WorkbookProblem) {
        guard words.count == 2, ["year", "month", "week", "day"].contains(words[0]) else {
            throw WorkbookProblem("chart needs year|month|week|day and an order's id, such as chart week ord-01")
        }
        (mode, order) = (words[0], words[1])
    }

    func missing(in repl: any LessonHost) async -> String? {
        guard let chart = repl.lastChart else { return "no chart has been drawn yet" }
        guard chart.order == order else { return "the last chart is of another order" }
        guard chart.mode == mode else { return "the last chart groups by \(chart.mode); the step asks for a \(mode)" }
        guard chart.shown > 0 else {
            return "the chart shows no dose in its window; its days end at today, which the lesson sets"
        }
        guard let held = await held(in: repl) else { return "the server could not count the order's doses" }
        let counted = chart.groups.total
        return counted == held ? nil : "the chart counts \(counted) doses, the server holds \(held) of this order"
    }

    /// The order's administrations as the server counts them, by the release's parameter that
    /// points from an administration at an order.
    private func held(in repl: any LessonHost) async -> Int? {
        guard let version = repl.state.fhirVersion else { return nil }
        let type = version.orderType
        guard
            let parameter = version.searchParameters.parameters(of: "MedicationAdministration").first(where: {
                $0.kind == .reference && $0.targets == [type]
            })
        else { return nil }
        let json = try? await repl.fetch(
            "MedicationAdministration?\(parameter.code)=\(type)/\(order)&_summary=count")
        guard case .number(let text)? = json?["total"] else { return nil }
        return Int(text)
    }
}
