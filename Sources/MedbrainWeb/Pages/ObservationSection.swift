import FHIRModel

/// The patient's observations of one kind (step counts, as the Iris seed sends them), oldest
/// first, as a line chart of the latest values and a table of all of them.
struct ObservationSection: Sendable {
    struct Row: Sendable {
        let when: String
        let value: String
        let reference: String
        let rawLink: String
    }

    /// The chart shows the latest values only; the table has them all.
    static let charted = 30

    let name: String
    let chart: String
    let rows: [Row]

    /// One section per kind (the code's words), in the order kinds first appear.
    static func sections(for observations: [Observation], frame: PageFrame) -> [ObservationSection] {
        var kinds: [String] = []
        var byKind: [String: [Observation]] = [:]
        for observation in observations {
            let kind = observation.code?.displayText ?? "Observation"
            if byKind[kind] == nil { kinds.append(kind) }
            byKind[kind, default: []].append(observation)
        }
        return kinds.enumerated().map { ObservationSection(name: $1, observations: byKind[$1] ?? [], number: $0 + 1) }
    }

    init(name: String, observations: [Observation], number: Int) {
        self.name = name
        // Dates sort as text within one zone; the view shows them as written.
        let sorted = observations.enumerated().sorted { left, right in
            (left.element.effective?.startText ?? "", left.offset) < (
                right.element.effective?.startText ?? "", right.offset
            )
        }.map(\.element)
        rows = sorted.map { observation in
            let quantity = observation.valueQuantity
            let value = [quantity?.value?.text, quantity?.unit].compactMap { $0 }.joined(separator: " ")
            let id = observation.header.id ?? ""
            return Row(
                when: observation.effective?.startText ?? "no date", value: value.isEmpty ? "-" : value,
                reference: "Observation/\(id)", rawLink: ResourcePage.link(type: Observation.resourceType, id: id))
        }
        let latest = sorted.suffix(Self.charted)
        let values = latest.map { $0.valueQuantity?.value.flatMap { Double($0.text) } ?? 0 }
        let labels = latest.map { String(($0.effective?.startText ?? "").prefix(10)) }
        chart = Self.svg(name: name, values: values, labels: labels, id: "observations-\(number)")
    }

    static func svg(name: String, values: [Double], labels: [String], id: String) -> String {
        let plot = SVGPlot(values: values, count: values.count)
        // Every label would crowd a month of days; the first, middle and last say the span.
        let shown = labels.enumerated().map { index, label in
            [0, labels.count / 2, labels.count - 1].contains(index) ? label : ""
        }
        let points = values.enumerated().map { "\(SVGPlot.format(plot.x($0))),\(SVGPlot.format(plot.y($1)))" }
        var parts = [
            plot.open(
                id: id, title: name,
                summary: "\(values.count) values from \(labels.first ?? "") to \(labels.last ?? "")"),
            plot.axes(labels: shown),
            "<polyline class=\"series observed\" points=\"\(points.joined(separator: " "))\"/>",
        ]
        for (index, value) in values.enumerated() {
            parts.append(
                "<circle class=\"point observed\" cx=\"\(SVGPlot.format(plot.x(index)))\" "
                    + "cy=\"\(SVGPlot.format(plot.y(value)))\" r=\"5\" data-value=\"\(SVGPlot.format(value))\">"
                    + "<title>\(labels[index].markupEscaped): \(SVGPlot.format(value))</title></circle>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }
}
