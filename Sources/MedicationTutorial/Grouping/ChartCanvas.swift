/// A grid of characters for ``GroupChart``, each remembering which series drew it, so it
/// can be coloured.
struct ChartCanvas {
    /// What drew a cell: nothing, a series, or plain text.
    enum Ink: Equatable {
        case none, taken, notTaken, text
    }

    private var cells: [[(Character, Ink)]]
    let width: Int

    init(width: Int, height: Int) {
        self.width = width
        cells = Array(repeating: Array(repeating: (" ", .none), count: width), count: height)
    }

    /// Writes `text` at `row` (0 is the bottom) from `column`, clipped to the grid.
    mutating func put(_ text: String, row: Int, column: Int, ink: Ink) {
        guard cells.indices.contains(row) else { return }
        for (offset, character) in text.enumerated() where (0..<width).contains(column + offset) {
            cells[row][column + offset] = (character, ink)
        }
    }

    /// Whether `columns` of `row` are blank (columns off the grid count as blank).
    func isFree(row: Int, columns: ClosedRange<Int>) -> Bool {
        guard cells.indices.contains(row) else { return false }
        return columns.allSatisfy { !(0..<width).contains($0) || cells[row][$0].1 == .none }
    }

    /// Row `level` as text, coloured when asked (one escape per run of a series).
    func line(_ level: Int, colour: Bool) -> String {
        var text = ""
        var run = ""
        var runInk = Ink.none
        for (character, ink) in cells[level] {
            if ink != runInk {
                text += Self.paint(run, runInk, colour)
                (run, runInk) = ("", ink)
            }
            run.append(character)
        }
        return text + Self.paint(run, runInk, colour)
    }

    static func paint(_ text: String, _ ink: Ink, _ colour: Bool) -> String {
        guard colour, !text.isEmpty else { return text }
        switch ink {
        case .taken: return "\u{1B}[32m" + text + "\u{1B}[0m"
        case .notTaken: return "\u{1B}[31m" + text + "\u{1B}[0m"
        case .none, .text: return text
        }
    }
}
