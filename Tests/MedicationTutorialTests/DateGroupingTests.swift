import FHIRModel
import MedicationTutorial
import Testing

@Suite("Group identifiers (Table 5) and week conventions")
struct DateGroupingTests {
    static func identifier(_ date: String, _ mode: GroupingMode, _ weeks: WeekConvention = .tutorial) throws -> String {
        let grouping = DateGrouping(mode: mode, weeks: weeks)
        return grouping.identifier(of: grouping.key(for: try #require(CivilDay(date))))
    }

    /// Table 5 exactly. Its third row is labelled "Friday-20.02.2015", but its identifiers
    /// (2016, 2016-02, 2016-08, 2016-02-20) are those of 20 February 2016, so that is the date fed.
    @Test(arguments: [
        ("2016-08-15", ["2016", "2016-08", "2016-34", "2016-08-15"]),
        ("2016-08-16", ["2016", "2016-08", "2016-34", "2016-08-16"]),
        ("2016-02-20", ["2016", "2016-02", "2016-08", "2016-02-20"]),
        ("2015-02-20", ["2015", "2015-02", "2015-08", "2015-02-20"]),
    ])
    func table5(date: String, identifiers: [String]) throws {
        let modes: [GroupingMode] = [.year, .month, .week, .day]
        #expect(try modes.map { try Self.identifier(date, $0) } == identifiers)
    }

    /// Late-December and early-January days take their week's year, in both conventions
    /// (cross-checked against Python's isocalendar and a Sunday-week count).
    @Test(arguments: [
        ("2015-12-27", "2016-01", "2015-52"), ("2015-12-31", "2016-01", "2015-53"),
        ("2016-01-01", "2016-01", "2015-53"),
        ("2016-01-02", "2016-01", "2015-53"), ("2016-01-03", "2016-02", "2015-53"),
        ("2016-01-04", "2016-02", "2016-01"),
        ("2016-12-31", "2016-53", "2016-52"), ("2017-01-01", "2017-01", "2016-52"),
        ("2017-01-02", "2017-01", "2017-01"),
        ("2014-12-29", "2015-01", "2015-01"), ("2020-12-31", "2021-01", "2020-53"),
        ("2021-01-03", "2021-02", "2020-53"),
        ("2008-12-29", "2009-01", "2009-01"), ("2012-12-30", "2013-01", "2012-52"),
        ("2000-02-29", "2000-10", "2000-09"),
        ("1969-12-31", "1970-01", "1970-01"), ("1900-03-01", "1900-09", "1900-09"),
    ])
    func weeksAcrossYearEnds(date: String, tutorial: String, iso: String) throws {
        #expect(try Self.identifier(date, .week, .tutorial) == tutorial)
        #expect(try Self.identifier(date, .week, .iso) == iso)
    }

    @Test func consecutiveGroupsAreConsecutiveKeys() throws {
        for mode in GroupingMode.allCases {
            for weeks in WeekConvention.allCases {
                let grouping = DateGrouping(mode: mode, weeks: weeks)
                var previous = grouping.key(for: try #require(CivilDay("1999-12-01")))
                var day = try #require(CivilDay("1999-12-02"))
                while day < (try #require(CivilDay("2001-02-01"))) {
                    let key = grouping.key(for: day)
                    #expect(key == previous || key == previous + 1, "\(mode) \(weeks) \(day.components)")
                    if key != previous {
                        // A new group starts exactly where the identifier changes.
                        #expect(grouping.identifier(of: key) != grouping.identifier(of: previous))
                    }
                    previous = key
                    day = day.adding(days: 1)
                }
            }
        }
    }

    @Test func civilDaysRoundTrip() throws {
        #expect(CivilDay(year: 1970, month: 1, day: 1).number == 0)
        #expect(CivilDay(year: 2016, month: 8, day: 15).weekday == 1)
        #expect(CivilDay("2016-02-30") == nil)
        #expect(CivilDay("2016-2-3") == nil)
        #expect(CivilDay("+016-08-01") == nil)
        #expect(CivilDay("2016-08-1 ") == nil)
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = CivilDay(number: number).components
            #expect(CivilDay(year: year, month: month, day: day).number == number)
        }
    }
}
