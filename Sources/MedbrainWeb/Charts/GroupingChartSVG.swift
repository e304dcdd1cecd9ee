import FHIRModel
import MedicationTutorial

/// The tutorial's chart (§13.6) as SVG: one point per group for doses taken and one for doses
/// not taken, each series a line, in the app's colours (the view's tint for taken, red for not
/// taken). Lines also differ in dash and marker, so the chart reads without colour.
///
/// Every point carries `data-group`, `data-series` and `data-count`, which the tests compare
/// with the grouping's JSON.
struct GroupingChartSVG: Sendable {
    let groups: AdministrationGroups

    var svg: String {
        let counts = groups.groups
        let plot = SVGPlot(
            values: counts.flatMap { [Double($0.countTaken), Double($0.countNotTaken)] }, count: counts.count)
        let taken = counts.map(\.countTaken).reduce(0, +)
        let notTaken = counts.map(\.countNotTaken).reduce(0, +)
        let summary =
            "\(counts.count) \(groups.grouping.mode.rawValue)s from \(counts.first?.identifier ?? "") "
            + "to \(counts.last?.identifier ?? ""): \(taken) taken, \(notTaken) not taken."
        return [
            plot.open(
                id: "doses", title: "Doses taken and not taken per \(groups.grouping.mode.rawValue)", summary: summary),
            plot.axes(labels: counts.map(\.identifier)),
            series("taken", counts.map(\.countTaken), identifiers: counts.map(\.identifier), plot: plot),
            series("not-taken", counts.map(\.countNotTaken), identifiers: counts.map(\.identifier), plot: plot),
            "</svg>",
        ].joined(separator: "\n")
    }

    private func series(_ name: String, _ values: [Int], identifiers: [String], plot: SVGPlot) -> String {
        let points = values.enumerated().map { "\(SVGPlot.format(plot.x($0))),\(SVGPlot.format(plot.y(Double($1))))" }
        let words = name == "taken" ? "taken" : "not taken"
        var parts = ["<polyline class=\"series \(name)\" points=\"\(points.joined(separator: " "))\"/>"]
        for (index, value) in values.enumerated() {
            let (x, y) = (SVGPlot.format(plot.x(index)), SVGPlot.format(plot.y(Double(value))))
            let marker =
                name == "taken"
                ? "<circle class=\"point \(name)\" cx=\"\(x)\" cy=\"\(y)\" r=\"6\""
                : "<rect class=\"point \(name)\" x=\"\(SVGPlot.format(plot.x(index) - 5))\" "
                    + "y=\"\(SVGPlot.format(plot.y(Double(value)) - 5))\" width=\"10\" height=\"10\""
            let identifier = identifiers[index].markupEscaped
            parts.append(
                marker + " data-group=\"\(identifier)\" data-series=\"\(name)\" data-count=\"\(value)\">"
                    + "<title>\(identifier): \(value) \(words)</title></\(name == "taken" ? "circle" : "rect")>")
        }
        return parts.joined(separator: "\n")
    }
}
