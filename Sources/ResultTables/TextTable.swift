/// Aligned columns under a header and a rule, fitting a width: when the table is too wide,
/// the widest columns narrow and their cells wrap onto more lines, so nothing is cut off.
///
/// Columns of ids, references and codes are kept whole (a split id cannot be copied); when
/// the other columns cannot give enough room for them, each row is shown as a record, one
/// field a line, as psql's expanded display does.
public struct TextTable: Sendable {
    let header: [String]
    let rows: [[String]]
    /// The columns whose cells are never broken across lines.
    let whole: Set<Int>

    /// No column narrows below this, so a narrow terminal still gets readable words.
    static let narrowest = 8

    public init(header: [String], rows: [[String]], whole: Set<Int> = []) {
        (self.header, self.rows, self.whole) = (header, rows, whole)
    }

    /// A table whose columns named in `whole` are kept whole.
    public init(header: [String], rows: [[String]], whole names: Set<String>) {
        self.init(header: header, rows: rows, whole: Set(header.indices.filter { names.contains(header[$0]) }))
    }

    public func render(width: Int) -> [String] {
        render(width: width, sections: [(nil, rows)])
    }

    /// The table in sections, each under a title line of its own; the columns line up
    /// across all of them.
    public func render(width: Int, sections: [(title: String?, rows: [[String]])]) -> [String] {
        let widths = columnWidths(fitting: width)
        guard fits(widths, in: width) else { return records(width: width, sections: sections) }
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
                return text + String(repeating: " ", count: max(0, widths[column] - text.columnCount))
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    /// Each column's natural width, narrowed until all fit (two spaces apart): first the
    /// widest of those still wider than their longest word, so words stay whole while they can.
    func columnWidths(fitting width: Int) -> [Int] {
        let all = [header] + rows
        var widths = header.indices.map { column in all.map { $0[column].columnCount }.max() ?? 0 }
        let longestWords = header.indices.map { column in
            all.flatMap { Self.words($0[column]).map(\.columnCount) }.max() ?? 0
        }
        let breakable = widths.indices.filter { !whole.contains($0) }
        while case let excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width, excess > 0 {
            let floors = widths.indices.map { max(longestWords[$0], Self.narrowest) }
            let keepingWords = breakable.filter { widths[$0] > floors[$0] }
            let pool = keepingWords.isEmpty ? breakable.filter { widths[$0] > Self.narrowest } : keepingWords
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
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words(text) {
            var word = word
            if !line.isEmpty, line.columnCount + 1 + word.columnCount <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.columnCount > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        return lines + [line].filter { !$0.isEmpty || lines.isEmpty }
    }

    /// The words of `text`, split at white space; printable ASCII is split at its spaces
    /// by byte, the same words without walking Characters (most of a table's time).
    static func words(_ text: String) -> [Substring] {
        guard text.isPrintableASCII else { return text.split(whereSeparator: \.isWhitespace) }
        return text.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
    }
}

extension StringProtocol {
    /// Whether every character is printable ASCII, one byte and one column each.
    public var isPrintableASCII: Bool { utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    /// How many Characters: by bytes for printable ASCII, where the two agree.
    public var columnCount: Int { isPrintableASCII ? utf8.count : count }
}

extension String {
    /// The words on one line: a newline in a name must not break a row or a sentence.
    public var oneLine: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    public var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
