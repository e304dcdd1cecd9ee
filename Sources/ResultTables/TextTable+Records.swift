/// psql's expanded display: a table too wide for its whole columns, one field a line.
extension TextTable {
    /// Whether columns of `widths` fit `width`, or only a whole column still overflows it.
    func fits(_ widths: [Int], in width: Int) -> Bool {
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        return total <= width || whole.isEmpty || header.count < 2
    }

    /// Each row as a record under `-[ RECORD N ]`, its fields as `name | value`, the values
    /// wrapped to what is left of the width; section titles stay above their records.
    func records(width: Int, sections: [(title: String?, rows: [[String]])]) -> [String] {
        let nameWidth = header.map(\.columnCount).max() ?? 0
        let valueWidth = max(Self.narrowest, width - nameWidth - 3)
        var lines: [String] = []
        var number = 0
        for section in sections {
            if let title = section.title { lines.append(title) }
            for row in section.rows {
                number += 1
                lines += record(number, row, nameWidth: nameWidth, valueWidth: valueWidth)
            }
        }
        return lines
    }

    private func record(_ number: Int, _ row: [String], nameWidth: Int, valueWidth: Int) -> [String] {
        let values = row.map { Self.wrap($0, width: valueWidth) }
        let longest = values.joined().map(\.columnCount).max() ?? 0
        let label = "-[ RECORD \(number) ]"
        var lines = [label + String(repeating: "-", count: max(0, nameWidth + 3 + longest - label.count))]
        let blank = String(repeating: " ", count: nameWidth) + " | "
        for (name, value) in zip(header, values) {
            let padded = name + String(repeating: " ", count: nameWidth - name.columnCount)
            lines.append((padded + " | " + value[0]).trimmingTrailingSpaces)
            lines += value.dropFirst().map { blank + $0 }
        }
        return lines
    }
}
