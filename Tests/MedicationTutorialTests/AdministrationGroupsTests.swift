import FHIRModel
import Foundation
import MedbrainDataset
import MedicationTutorial
import TestSupport
import Testing

@Suite("Grouping administrations into a window")
struct AdministrationGroupsTests {
    @Test(arguments: FHIRVersion.allCases)
    func windowOfEightEndingToday(version: FHIRVersion) throws {
        let doses = try Doses.administrations(
            [
                "2016-08-15T08:00:00Z", "!2016-08-15T20:00:00Z", "2016-08-16T08:00:00Z", "2016-06-20T08:00:00Z",
                "2016-08-20T08:00:00Z", nil, "2016-08",
            ], version: version)
        let groups = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .week), today: try Doses.day("2016-08-16"),
            timeZone: try Doses.zone("UTC"))
        #expect(
            Doses.counts(groups) == [
                "2016-27 0/0", "2016-28 0/0", "2016-29 0/0", "2016-30 0/0", "2016-31 0/0", "2016-32 0/0", "2016-33 0/0",
                "2016-34 3/1",
            ])
        #expect([groups.before, groups.after, groups.undated] as [Int] == [1, 0, 2])
        #expect(groups.total == doses.count)
    }

    @Test func windowsCrossMonthAndYearEnds() throws {
        let doses = try Doses.administrations(
            [
                "2015-12-30T10:00:00Z", "2015-12-31T23:59:00Z", "2016-01-01T00:00:00Z", "!2016-01-02T12:00:00Z",
                "2015-07-15", "2016-02-29",
            ], version: .r4)
        let utc = try Doses.zone("UTC")
        let days = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-01-02"), timeZone: utc, count: 5)
        #expect(
            Doses.counts(days) == [
                "2015-12-29 0/0", "2015-12-30 1/0", "2015-12-31 1/0", "2016-01-01 1/0", "2016-01-02 0/1",
            ])
        #expect([days.before, days.after] as [Int] == [1, 1])
        let months = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .month), today: try Doses.day("2016-02-10"), timeZone: utc)
        #expect(
            Doses.counts(months) == [
                "2015-07 1/0", "2015-08 0/0", "2015-09 0/0", "2015-10 0/0", "2015-11 0/0", "2015-12 2/0", "2016-01 1/1",
                "2016-02 1/0",
            ])
        let years = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .year), today: try Doses.day("2016-02-10"), timeZone: utc, count: 2)
        #expect(Doses.counts(years) == ["2015 3/0", "2016 2/1"])
    }

    /// Vienna leaves CET for CEST on 27 March 2016 and returns on 30 October: the local day of
    /// an instant follows the offset in force at that instant.
    @Test func daylightSavingChanges() throws {
        let doses = try Doses.administrations(
            [
                "2016-03-26T22:30:00Z", "2016-03-26T23:30:00Z", "2016-03-27T21:30:00Z", "2016-03-27T22:30:00Z",
                "2016-10-29T22:30:00Z", "2016-10-30T22:30:00Z", "2016-10-30T23:30:00Z",
            ], version: .r4)
        let vienna = try Doses.zone("Europe/Vienna")
        let spring = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-03-28"), timeZone: vienna, count: 3)
        #expect(Doses.counts(spring) == ["2016-03-26 1/0", "2016-03-27 2/0", "2016-03-28 1/0"])
        let autumn = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-10-31"), timeZone: vienna, count: 2)
        #expect(Doses.counts(autumn) == ["2016-10-30 2/0", "2016-10-31 1/0"])
        // The same instants in UTC fall on other days.
        let utc = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-03-28"),
            timeZone: try Doses.zone("UTC"), count: 3)
        #expect(Doses.counts(utc) == ["2016-03-26 2/0", "2016-03-27 2/0", "2016-03-28 0/0"])
    }

    /// Before standard time, Vienna kept local mean time (+01:05:21), and it changed zones at
    /// odd minutes: the local day must follow to the minute, with days before 1970 rounded down.
    @Test func oldZonesAndDaysBefore1970() throws {
        let doses = try Doses.administrations(["1850-06-01T22:54:00Z", "1893-03-31T22:56:00Z"], version: .r4)
        let lines = AdministrationList.lines(doses, timeZone: try Doses.zone("Europe/Vienna"), language: Render.english)
        #expect(lines == ["31 March 1893, 23:56  taken", "1 June 1850, 23:59    taken"])
    }

    @Test func aPlainDateIsNotShiftedByTheTimeZone() throws {
        let doses = try Doses.administrations(["2016-08-15", "2016-08-15T23:30:00-10:00"], version: .dstu2)
        let tokyo = AdministrationGroups(
            doses, grouping: DateGrouping(mode: .day), today: try Doses.day("2016-08-16"),
            timeZone: try Doses.zone("Asia/Tokyo"), count: 2)
        #expect(Doses.counts(tokyo) == ["2016-08-15 1/0", "2016-08-16 1/0"])
    }

    @Test func bothVersionsOfTheDatasetGroupAlike() throws {
        var results: [[String]] = []
        for version in FHIRVersion.allCases {
            let bundle = JSONValue.array(
                try BuiltinDataset.resources(for: version).filter { $0["resourceType"] == "MedicationAdministration" })
            let doses = try AdministrationInput.administrations(jsonText: bundle.compactBytes)
            #expect(doses.count == 65)
            let groups = AdministrationGroups(
                doses, grouping: DateGrouping(mode: .month), today: try Doses.day(BuiltinDataset.today),
                timeZone: try Doses.zone("UTC"))
            #expect(groups.total == 65)
            results.append(Doses.counts(groups) + ["\(groups.before) \(groups.after) \(groups.undated)"])
        }
        #expect(results[0] == results[1])
    }

    /// Whatever the input, window + before + after + undated is the input.
    @Test func countsAlwaysAddUp() throws {
        var random = SeededRandom(seed: 2016)
        let zones = try ["UTC", "Europe/Vienna", "America/New_York", "Pacific/Chatham"].map(Doses.zone)
        for round in 0..<40 {
            let dates = (0..<random.next(upTo: 200)).map { _ -> String? in random.date() }
            let doses = try Doses.administrations(dates, version: round.isMultiple(of: 2) ? .r4 : .dstu2)
            let mode = GroupingMode.allCases[random.next(upTo: 4)]
            let grouping = DateGrouping(mode: mode, weeks: random.next(upTo: 2) == 0 ? .tutorial : .iso)
            let today = CivilDay(
                year: 2015 + random.next(upTo: 3), month: 1 + random.next(upTo: 12), day: 1 + random.next(upTo: 28))
            let groups = AdministrationGroups(
                doses, grouping: grouping, today: today, timeZone: zones[random.next(upTo: zones.count)],
                count: 1 + random.next(upTo: 12))
            #expect(groups.total == dates.count)
            #expect(groups.groups.count >= 1)
        }
    }

    /// A long list is counted in parts on every core; the parts must add up to one count.
    @Test func countingInPartsEqualsCountingAtOnce() async throws {
        var random = SeededRandom(seed: 77)
        let doses = try Doses.administrations((0..<60_000).map { _ in random.date() }, version: .r4)
        let (today, zone) = (CivilDay(year: 2016, month: 3, day: 9), try Doses.zone("Europe/Vienna"))
        for mode in GroupingMode.allCases {
            let grouping = DateGrouping(mode: mode)
            let atOnce = AdministrationGroups(doses, grouping: grouping, today: today, timeZone: zone, count: 12)
            let inParts = await AdministrationGroups.counting(
                doses, grouping: grouping, today: today, timeZone: zone, count: 12)
            #expect(inParts == atOnce)
            #expect(inParts.total == 60_000)
            #expect(inParts.after > 0 && inParts.undated > 0)
        }
    }

    @Test func listIsNewestFirstWithLongDates() throws {
        let doses = try Doses.administrations(
            ["2016-08-14T08:00:00Z", nil, "!2016-08-15T20:05:00Z", "2016-08"], version: .r4)
        let lines = AdministrationList.lines(doses, timeZone: try Doses.zone("UTC"), language: Render.english)
        let column = "15 August 2016, 20:05  ".count
        #expect(
            lines == [
                "15 August 2016, 20:05  not taken", "14 August 2016, 08:00  taken",
                "August 2016".padding(toLength: column, withPad: " ", startingAt: 0) + "taken",
                "-".padding(toLength: column, withPad: " ", startingAt: 0) + "taken",
            ])
    }
}

/// Seeded dates, so the property test is the same every run.
struct SeededRandom {
    var generator: SeededGenerator
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next(upTo bound: Int) -> Int {
        Int(generator.next() % UInt64(max(bound, 1)))
    }

    /// A date in 2014–2017 of any FHIR precision, sometimes none, sometimes not taken.
    mutating func date() -> String? {
        let (year, month, day) = (2014 + next(upTo: 4), 1 + next(upTo: 12), 1 + next(upTo: 28))
        let mark = next(upTo: 4) == 0 ? "!" : ""
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        let dayText = day < 10 ? "0\(day)" : "\(day)"
        switch next(upTo: 6) {
        case 0: return nil
        case 1: return mark + "\(year)"
        case 2: return mark + "\(year)-\(monthText)"
        case 3: return mark + "\(year)-\(monthText)-\(dayText)"
        default:
            let hour = next(upTo: 24)
            return mark + "\(year)-\(monthText)-\(dayText)T\(hour < 10 ? "0" : "")\(hour):30:00+05:45"
        }
    }
}
