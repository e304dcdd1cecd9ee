import Foundation

/// Aligned columns that fit a width: when too wide, the longest cells are cut with `...`.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    func render(width: Int) -> [String] {
        var widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        // Shrink the widest column until the table fits (two spaces between columns).
        while widths.reduce(0, +) + 2 * (widths.count - 1) > width,
            let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 8
        {
            widths[widest] -= 1
        }
        return ([header] + rows).map { cells in
            cells.indices.map { Self.fit(cells[$0], widths[$0], last: $0 == cells.count - 1) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
    }

    static func fit(_ text: String, _ width: Int, last: Bool) -> String {
        if text.count > width { return String(text.prefix(width - 3)) + "..." }
        return last ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
