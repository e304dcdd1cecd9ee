/// Aligned columns under a header and a rule, fitting a width: when the table is too wide,
/// the widest columns narrow and their cells wrap onto more lines, so nothing is cut off.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    /// No column narrows below this, so a narrow terminal still gets readable words.
    static let narrowest = 8

    func render(width: Int) -> [String] {
        render(width: width, sections: [(nil, rows)])
    }

    /// The table in sections, each under a title line of its own; the columns line up
    /// across all of them.
    func render(width: Int, sections: [(title: String?, rows: [[String]])]) -> [String] {
        let widths = columnWidths(fitting: width)
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([header, rule].flatMap { lines($0, widths: widths) })
            + sections.flatMap { section in
                [section.title].compactMap { $0 } + section.rows.flatMap { lines($0, widths: widths) }
            }
    }

    /// One row's cells side by side, each wrapped to its column.
    private func lines(_ cells: [String], widths: [Int]) -> [String] {
        let wrapped = cells.indices.map { Self.wrap(cells[$0], width: widths[$0]) }
        return (0..<(wrapped.map(\.count).max() ?? 1)).map { line in
            wrapped.indices.map { column in
                let text = line < wrapped[column].count ? wrapped[column][line] : ""
                return text + String(repeating: " ", count: max(0, widths[column] - text.count))
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    /// Each column's natural width, narrowed until all fit (two spaces apart): first the
    /// widest of those still wider than their longest word, so words stay whole while they can.
    func columnWidths(fitting width: Int) -> [Int] {
        let all = [header] + rows
        var widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let longestWords = header.indices.map { column in
            all.flatMap { $0[column].split(whereSeparator: \.isWhitespace).map(\.count) }.max() ?? 0
        }
        while case let excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width, excess > 0 {
            let floors = widths.indices.map { max(longestWords[$0], Self.narrowest) }
            let keepingWords = widths.indices.filter { widths[$0] > floors[$0] }
            let pool = keepingWords.isEmpty ? widths.indices.filter { widths[$0] > Self.narrowest } : keepingWords
            guard let widest = pool.max(by: { widths[$0] < widths[$1] }) else { break }
            // As narrowing one column at a time would, in one step: down to the next widest
            // or to its floor, whichever comes first (a long sentence took a hundred steps).
            let next = pool.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let floor = keepingWords.isEmpty ? Self.narrowest : floors[widest]
            widths[widest] -= max(1, min(excess, widths[widest] - max(next, floor)))
        }
        return widths
    }

    /// `text` in lines of at most `width`, broken between words; a longer word is split.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        return lines + [line].filter { !$0.isEmpty || lines.isEmpty }
    }
}

extension String {
    /// The words on one line: a newline in a name must not break a row or a sentence.
    var oneLine: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
