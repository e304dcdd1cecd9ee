/// The tutorial's chart (§13.6) in a terminal: for each group of the window, a bar of doses
/// taken beside a bar of doses not taken, with the count on top.
///
/// Plain ASCII that reads without colour: `#` is taken, `x` is not taken, and the legend
/// says so. With colour, taken is green and not taken red. Counts above `height` are scaled,
/// but a bar is never shorter than one row unless its count is zero. The chart never exceeds
/// `width` columns.
public struct GroupChart: Sendable {
    public let groups: AdministrationGroups
    public let width: Int
    public let colour: Bool
    public let height: Int

    public init(_ groups: AdministrationGroups, width: Int = 80, colour: Bool = false, height: Int = 10) {
        self.groups = groups
        self.width = max(width, 40)
        self.colour = colour
        self.height = max(height, 2)
    }

    /// The title, the bars with their axis and labels, the legend, and what lies outside.
    public var text: String {
        let labelWidth = String(groups.groups.map { max($0.countTaken, $0.countNotTaken) }.max() ?? 1).count
        let plotWidth = width - labelWidth - 3
        // Each group needs 3 columns; when they do not all fit, the newest are shown and it says so.
        let fitting = min(groups.groups.count, plotWidth / BarLayout.minimumSlot)
        let counts = Array(groups.groups.suffix(fitting))
        let top = max(counts.map { max($0.countTaken, $0.countNotTaken) }.max() ?? 0, 1)
        let rows = min(top, height)
        let layout = BarLayout(count: counts.count, plotWidth: plotWidth)
        // Bars stand on row 0; the row above the tallest bar holds its count.
        var canvas = ChartCanvas(width: plotWidth, height: rows + 1)
        for (index, group) in counts.enumerated() {
            let start = layout.slotStart(index)
            drawBar(
                &canvas, value: group.countTaken, top: top, rows: rows, column: start, width: layout.barWidth,
                ink: .taken)
            drawBar(
                &canvas, value: group.countNotTaken, top: top, rows: rows,
                column: start + layout.barWidth + layout.barGap,
                width: layout.barWidth, ink: .notTaken)
        }
        var lines = wrapped(title)
        for row in stride(from: rows, through: 0, by: -1) {
            let label = row < rows && (rows <= 10 || row % 2 == 0) ? String(((row + 1) * top + rows / 2) / rows) : ""
            lines.append(
                String(repeating: " ", count: labelWidth - label.count) + label + " | "
                    + canvas.line(row, colour: colour))
        }
        lines.append(String(repeating: " ", count: labelWidth) + " +-" + String(repeating: "-", count: plotWidth))
        lines += labelRows(
            counts.map(\.identifier), centres: counts.indices.map(layout.slotCentre), indent: labelWidth + 3)
        lines.append(legend)
        if fitting < groups.groups.count {
            lines += wrapped(
                "only the newest \(fitting) of \(groups.groups.count) groups fit in \(width) columns; "
                    + "a wider terminal, --width or --format table shows them all")
        }
        lines += wrapped(groups.outsideSummary)
        return lines.map(\.trimmingTrailingSpace).joined(separator: "\n") + "\n"
    }

    /// A bar of `value` (scaled to `rows`) from the bottom row, with the count above it.
    private func drawBar(
        _ canvas: inout ChartCanvas, value: Int, top: Int, rows: Int, column: Int, width: Int, ink: ChartCanvas.Ink
    ) {
        let filled = value == 0 ? 0 : max(1, (value * rows + top / 2) / top)
        let symbol = ink == .taken ? "#" : "x"
        for row in 0..<filled {
            canvas.put(String(repeating: symbol, count: width), row: row, column: column, ink: ink)
        }
        // A count wider than its bar may spill over, but never onto another count or bar.
        let count = String(value)
        let start = column + (width - count.count) / 2
        if canvas.isFree(row: filled, columns: start - 1...start + count.count) {
            canvas.put(count, row: filled, column: start, ink: .text)
        }
    }

    /// `text` broken at spaces into lines no wider than the chart.
    func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    var title: String {
        let mode = groups.grouping.mode
        let weeks = mode == .week ? (groups.grouping.weeks == .iso ? " (ISO weeks)" : " (tutorial weeks)") : ""
        let first = groups.groups.first?.identifier ?? ""
        let last = groups.groups.last?.identifier ?? ""
        let span = first == last ? first : "\(first) to \(last)"
        return "Doses taken and not taken by \(mode.rawValue)\(weeks), \(span)"
    }

    var legend: String {
        ChartCanvas.paint("#", .taken, colour) + " taken   " + ChartCanvas.paint("x", .notTaken, colour) + " not taken"
    }

    /// Identifiers centred under their groups, on a second row when they would touch; one
    /// that fits neither row is left out rather than overlapped.
    func labelRows(_ labels: [String], centres: [Int], indent: Int) -> [String] {
        var rows = [[Character](repeating: " ", count: width), [Character](repeating: " ", count: width)]
        var ends = [-2, -2]
        for (label, centre) in zip(labels, centres) where label.count <= width {
            let start = min(max(indent + centre - label.count / 2, 0), width - label.count)
            guard let row = (0..<2).first(where: { start > ends[$0] + 1 }) else { continue }
            rows[row].replaceSubrange(start..<start + label.count, with: label)
            ends[row] = start + label.count - 1
        }
        return rows.map { String($0) }.filter { !$0.allSatisfy { $0 == " " } }
    }
}

/// Where each group's pair of bars goes: equal slots, bars as wide as the slot allows (1–4).
struct BarLayout {
    /// Two one-column bars and a column between groups.
    static let minimumSlot = 3
    let slotWidth: Int
    let barWidth: Int
    /// A column between the pair when there is room, so their counts never run together.
    let barGap: Int

    init(count: Int, plotWidth: Int) {
        slotWidth = max(plotWidth / max(count, 1), Self.minimumSlot)
        barWidth = max(1, min(4, (slotWidth - 2) / 2))
        barGap = slotWidth >= 2 * barWidth + 3 ? 1 : 0
    }

    /// The first column of group `index`'s bars, centred in its slot.
    func slotStart(_ index: Int) -> Int { index * slotWidth + (slotWidth - 2 * barWidth - barGap) / 2 }

    func slotCentre(_ index: Int) -> Int { slotStart(index) + barWidth + barGap / 2 }
}
