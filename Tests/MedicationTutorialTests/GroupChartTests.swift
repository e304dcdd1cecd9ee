import FHIRModel
import Foundation
import MedbrainDataset
import MedicationTutorial
import Testing

/// Charts compared with golden files in `Golden/`. To re-record after a deliberate change,
/// run `MEDBRAIN_RECORD_GOLDEN=1 swift test --filter GroupChartTests` and read the diff;
/// a recording run fails on purpose, so it can never pass unnoticed in CI.
@Suite("The chart, against golden files")
struct GroupChartTests {
    static func datasetGroups(_ mode: GroupingMode, weeks: WeekConvention = .tutorial) throws -> AdministrationGroups {
        let resources = try BuiltinDataset.resources(for: .r4).filter {
            $0["resourceType"] == "MedicationAdministration"
                && $0["request"]?["reference"] == "MedicationRequest/ord-01"
        }
        let doses = try AdministrationInput.administrations(jsonText: JSONValue.array(resources).compactBytes)
        return AdministrationGroups(
            doses, grouping: DateGrouping(mode: mode, weeks: weeks), today: try Doses.day(BuiltinDataset.today),
            timeZone: try Doses.zone("Europe/Vienna"))
    }

    @Test(arguments: [
        ("week-tutorial-80", GroupingMode.week, WeekConvention.tutorial, 80, false),
        ("week-tutorial-80-colour", .week, .tutorial, 80, true),
        ("week-iso-120", .week, .iso, 120, false),
        ("month-80", .month, .tutorial, 80, false),
        ("day-80", .day, .tutorial, 80, false),
        ("year-80", .year, .tutorial, 80, false),
    ])
    func chart(name: String, mode: GroupingMode, weeks: WeekConvention, width: Int, colour: Bool) throws {
        let text = GroupChart(try Self.datasetGroups(mode, weeks: weeks), width: width, colour: colour).text
        for line in text.split(separator: "\n") {
            #expect(Self.visibleWidth(line) <= width, "\(line)")
        }
        try Golden.check(text, name: "chart-\(name).txt")
    }

    @Test func tableAndJSON() throws {
        let groups = try Self.datasetGroups(.week)
        try Golden.check(groups.table, name: "table-week.txt")
        try Golden.check(groups.json.prettyText + "\n", name: "json-week.json")
    }

    @Test func anEmptyWindowPointsAtTheNewestGroup() throws {
        let doses = try Doses.administrations(["2016-08-15T08:00:00Z"], version: .r4)
        let groups = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .month), today: try Doses.day("2026-11-22"),
            timeZone: try Doses.zone("UTC"))
        #expect(
            groups.outsideSummary
                == "outside the window: 1 before, 0 after; 0 without a usable date (the newest is in 2016-08)")
        #expect(GroupChart(groups).text.contains("2026-04"))
    }

    @Test func countsNeverRunTogetherAndLongLinesWrap() throws {
        var doses = try Doses.administrations(Array(repeating: "2016-08-15T08:00:00Z", count: 1234), version: .r4)
        doses += try Doses.administrations(Array(repeating: "!2016-08-15T09:00:00Z", count: 1234), version: .r4)
        doses += try Doses.administrations(["2016-08-10", "!2016-08-10", "2010-01-01"], version: .r4)
        let groups = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .week, weeks: .iso), today: try Doses.day("2016-08-16"),
            timeZone: try Doses.zone("UTC"))
        for width in [40, 57, 80] {
            let text = GroupChart(groups, width: width).text
            #expect(!text.contains("12341234"))
            // Two counts of 1 on neighbouring bars are "1 1" or one of them, never "11".
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix(" 247 ") && $0.contains("11") })
            #expect(text.split(separator: "\n").allSatisfy { $0.count <= width }, "\(width)")
        }
    }

    @Test func moreGroupsThanFitShowTheNewestAndSaySo() throws {
        let doses = try Doses.administrations(["2016-08-15T08:00:00Z", "2016-07-20T08:00:00Z"], version: .r4)
        let groups = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-08-16"),
            timeZone: try Doses.zone("UTC"), count: 40)
        let text = GroupChart(groups, width: 80).text
        #expect(text.contains("only the newest 25 of 40 groups fit in 80 columns"))
        #expect(text.contains("2016-08-16"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// Characters a terminal shows: colour escapes take no column.
    static func visibleWidth(_ line: Substring) -> Int {
        var count = 0
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                inEscape = character != "m"
            } else {
                count += 1
            }
        }
        return count
    }
}

enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["MEDBRAIN_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); unset MEDBRAIN_RECORD_GOLDEN and run again", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "\(name) differs; see the re-record note in GroupChartTests",
            sourceLocation: sourceLocation)
    }
}
