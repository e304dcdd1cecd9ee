import TestSupport
import Testing

@testable import MedbrainREPL
@testable import ResultTables

/// Tables fit the terminal: narrow columns wrap their cells, nothing is cut off.
@Suite("Text tables")
struct TextTableTests {
    @Test(arguments: [
        ("once a day", 20, ["once a day"]),
        ("1 drop into the nose 2 to 3 times", 12, ["1 drop into", "the nose 2", "to 3 times"]),
        ("Swallow whole", 7, ["Swallow", "whole"]),
        ("film-coated-tablet", 8, ["film-coa", "ted-tabl", "et"]),
        ("a  b", 3, ["a b"]),
        ("", 5, [""]),
    ])
    func wrapping(text: String, width: Int, lines: [String]) {
        #expect(TextTable.wrap(text, width: width) == lines)
    }

    @Test func aTableThatFitsIsAlignedUnderARule() {
        let table = TextTable(header: ["#", "medication", "status"], rows: [["1", "Novalgin", "active"]])
        #expect(table.render(width: 80) == ["#  medication  status", "-  ----------  ------", "1  Novalgin    active"])
    }

    @Test func theWidestColumnNarrowsAndWraps() {
        let table = TextTable(
            header: ["#", "instructions"], rows: [["1", "20 drops by mouth twice a day"], ["2", "as needed"]])
        #expect(
            table.render(width: 18) == [
                "#  instructions", "-  ---------------", "1  20 drops by", "   mouth twice a", "   day",
                "2  as needed",
            ])
    }

    /// A terminal narrower than the narrowest columns: the lines overflow rather than lose words.
    @Test func columnsNeverNarrowBelowEight() {
        let table = TextTable(header: ["medication", "instructions"], rows: [["Novalgin drops", "twice a day"]])
        #expect(table.columnWidths(fitting: 10) == [8, 8])
        let lines = table.render(width: 10)
        #expect(lines.allSatisfy { $0.count <= 18 })
        #expect(lines.contains("Novalgin  twice a"))
        #expect(lines.contains("drops     day"))
    }

    /// The widest column gives way only down to its longest word while another column can
    /// give instead, so an expression is not split in the middle of a name.
    @Test func wordsStayWholeWhileAnotherColumnCanGive() {
        let table = TextTable(
            header: ["requirement", "expression"],
            rows: [["at least one dosageInstruction", "medicationOrder.dosageInstruction[0] != null"]])
        #expect(table.columnWidths(fitting: 60) == [22, 36])
        #expect(
            table.render(width: 60, sections: [("Table 3, MedicationOrder", table.rows)]) == [
                "requirement             expression", "----------------------  ------------------------------------",
                "Table 3, MedicationOrder",
                "at least one            medicationOrder.dosageInstruction[0]", "dosageInstruction       != null",
            ])
    }

    /// An id is never split: the other columns narrow and wrap around it.
    @Test func aWholeColumnIsNeverBroken() {
        let table = TextTable(
            header: ["id", "label"], rows: [["med-ciproxin-400", "Ciproxin 400 mg film-coated tablet"]], whole: ["id"])
        #expect(
            table.render(width: 28) == [
                "id                label", "----------------  ----------", "med-ciproxin-400  Ciproxin",
                "                  400 mg", "                  film-coate", "                  d tablet",
            ])
        // Without the rule, the id would have given way first: it is the widest column.
        #expect(TextTable(header: table.header, rows: table.rows).columnWidths(fitting: 28)[0] < 16)
    }

    /// When whole columns cannot fit side by side, each row becomes a record, as psql's `\x`.
    @Test func tooNarrowForItsWholeColumnsATableShowsRecords() {
        let table = TextTable(
            header: ["id", "status", "order"],
            rows: [
                ["adm-059", "completed", "MedicationRequest/ord-01"],
                ["adm-060", "not-done", "MedicationRequest/ord-02"],
            ],
            whole: ["id", "status", "order"])
        #expect(table.render(width: 50).count == 4)
        #expect(
            table.render(width: 40) == [
                "-[ RECORD 1 ]--------------------", "id     | adm-059", "status | completed",
                "order  | MedicationRequest/ord-01", "-[ RECORD 2 ]--------------------", "id     | adm-060",
                "status | not-done", "order  | MedicationRequest/ord-02",
            ])
        #expect(
            table.render(width: 40, sections: [("Table 5", [table.rows[0]])]) == [
                "Table 5", "-[ RECORD 1 ]--------------------", "id     | adm-059", "status | completed",
                "order  | MedicationRequest/ord-01",
            ])
    }

    /// Narrowing in steps gives the widths narrowing one column at a time gave (the
    /// reference below), over many generated tables and terminal widths.
    @Test func narrowingInStepsMatchesOneAtATime() {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<300 {
            let columns = Int.random(in: 1...5, using: &generator)
            let cell = {
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    String(repeating: "w", count: Int.random(in: 1...14, using: &generator))
                }.joined(separator: " ")
            }
            let header = (0..<columns).map { _ in cell() }
            let rows = (0..<Int.random(in: 0...4, using: &generator)).map { _ in (0..<columns).map { _ in cell() } }
            let table = TextTable(header: header, rows: rows)
            let width = Int.random(in: 1...160, using: &generator)
            #expect(table.columnWidths(fitting: width) == Self.oneAtATime(table, fitting: width))
        }
    }

    @Test(
        "words and widths read by byte for ASCII are those Characters give",
        arguments: ["twice a day", "  two  spaces ", "Grüße aus Wien", "tab\there", "e\u{301} é", "a\r\nb", ""])
    func asciiFastPathAgrees(text: String) {
        #expect(TextTable.words(text) == text.split(whereSeparator: \.isWhitespace))
        #expect(text.columnCount == text.count)
    }

    static func oneAtATime(_ table: TextTable, fitting width: Int) -> [Int] {
        let all = [table.header] + table.rows
        var widths = table.header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let longestWords = table.header.indices.map { column in
            all.flatMap { $0[column].split(separator: " ").map(\.count) }.max() ?? 0
        }
        while widths.reduce(0, +) + 2 * (widths.count - 1) > width {
            let keepingWords = widths.indices.filter { widths[$0] > max(longestWords[$0], TextTable.narrowest) }
            let pool =
                keepingWords.isEmpty ? widths.indices.filter { widths[$0] > TextTable.narrowest } : keepingWords
            guard let widest = pool.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        return widths
    }
}
