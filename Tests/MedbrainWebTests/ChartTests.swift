import FHIRModel
import Foundation
import MedicationTutorial
import Testing

@testable import MedbrainWeb

/// The SVG chart's points carry the same numbers as the grouping's JSON (what `group … `
/// prints with `--format json`), for every grouping, in both versions.
@Suite struct ChartTests {
    @Test(arguments: FHIRVersion.allCases, GroupingMode.allCases)
    func chartPointsMatchTheJSONGrouping(version: FHIRVersion, mode: GroupingMode) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/patients/f001?order=ord-01&group=\(mode.rawValue)")).html
        let parameter = version.administrationOrderParameter
        let doses = try await harness.search("MedicationAdministration", [(parameter, "\(version.orderType)/ord-01")])
            .map { try Administration(json: $0) }
        let grouping = AdministrationGroups(
            doses, grouping: DateGrouping(mode: mode), today: try #require(CivilDay("2016-08-16")),
            timeZone: TimeZone(identifier: "UTC")!
        ).json
        guard case .array(let groups)? = grouping["groups"] else {
            Issue.record("no groups in \(grouping.compactText)")
            return
        }
        #expect(groups.count == 8)
        let points = Self.points(in: html)
        #expect(points.count == 16)
        for group in groups {
            let identifier = try #require(group["identifier"]?.stringValue)
            #expect(points["\(identifier) taken"] == Self.number(group["countTaken"]), "\(identifier)")
            #expect(points["\(identifier) not-taken"] == Self.number(group["countNotTaken"]), "\(identifier)")
        }
    }

    @Test func yAxisRoundsUpToOneTwoOrFive() {
        #expect([0, 1, 3, 7, 10, 11, 26, 480, 8000].map(SVGPlot.roundUp) == [1, 1, 5, 10, 10, 20, 50, 500, 10_000])
    }

    @Test(
        arguments: [
            (1.0, ["0", "1"]), (2.0, ["0", "1", "2"]), (5.0, ["0", "1", "2", "3", "4", "5"]),
            (20.0, ["0", "4", "8", "12", "16", "20"]),
        ] as [(Double, [String])])
    func gridLinesFallOnWholeNumbers(largest: Double, ticks: [String]) {
        let axes = SVGPlot(values: [largest], count: 2).axes(labels: ["a", "b"])
        let shown = axes.components(separatedBy: "dominant-baseline=\"middle\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(shown == ticks)
    }

    @Test func anEmptyWindowLinksToTheNewestDose() async throws {
        let harness = try await ViewHarness(.r4)
        let html = try #require(try await harness.page("/patients/f001?order=ord-01&group=day&until=2020-01-01")).html
        #expect(html.contains("Outside the window: 54 before, 0 after; 0 without a usable date"))
        #expect(html.contains("<a href=\"/patients/f001?order=ord-01&amp;group=day&amp;until=2016-08-20#doses\">"))
    }

    static func number(_ value: JSONValue?) -> String? {
        guard case .number(let text)? = value else { return nil }
        return text
    }

    /// `data-group data-series` → `data-count` for every point of the doses chart.
    static func points(in html: String) -> [String: String] {
        var points: [String: String] = [:]
        for part in html.components(separatedBy: "data-group=\"").dropFirst() {
            let fields = part.components(separatedBy: "\"")
            // group " data-series=" series " data-count=" count
            guard fields.count > 4 else { continue }
            points["\(fields[0]) \(fields[2])"] = fields[4]
        }
        return points
    }
}
