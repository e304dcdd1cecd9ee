import FHIRModel
import Foundation
import MedicationTutorial
import Testing

/// Dose times from Timings, each row a rule of docs/dose-times.md worked out by hand: the R4
/// Timing, the order's start, the days, and the patient's clock times expected.
@Suite("Dose times from a Timing")
struct DoseTimesTests {
    struct Row: Sendable, CustomStringConvertible {
        let name: String
        let timing: String
        var start: String? = "2016-08-01T09:00:00+02:00"
        var from = "2016-08-15"
        var through = "2016-08-15"
        var zone = "Europe/Vienna"
        let expected: [String]

        var description: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "twice a day across the patient's day",
            timing: #"{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}"#,
            expected: ["2016-08-15T08:00:00+02:00", "2016-08-15T20:00:00+02:00"]),
        Row(
            name: "three times a day", timing: #"{"repeat":{"frequency":3,"period":1,"periodUnit":"d"}}"#,
            expected: ["2016-08-15T08:00:00+02:00", "2016-08-15T14:00:00+02:00", "2016-08-15T20:00:00+02:00"]),
        Row(
            name: "30 minutes before breakfast",
            timing: #"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","when":["ACM"],"offset":30}}"#,
            expected: ["2016-08-15T07:30:00+02:00"]),
        Row(
            name: "before meals without an offset",
            timing: #"{"repeat":{"frequency":3,"period":1,"periodUnit":"d","when":["AC"]}}"#,
            expected: ["2016-08-15T07:30:00+02:00", "2016-08-15T11:30:00+02:00", "2016-08-15T17:30:00+02:00"]),
        Row(
            name: "at bedtime, an hour before", timing: #"{"repeat":{"when":["HS"],"offset":60}}"#,
            expected: ["2016-08-15T21:00:00+02:00"]),
        Row(
            name: "every 8 hours keeps to the clock",
            timing: #"{"repeat":{"frequency":1,"period":8,"periodUnit":"h"}}"#,
            expected: ["2016-08-15T00:00:00+02:00", "2016-08-15T08:00:00+02:00", "2016-08-15T16:00:00+02:00"]),
        Row(
            name: "every 5 hours counts from the start",
            timing: #"{"repeat":{"frequency":1,"period":5,"periodUnit":"h"}}"#,
            start: "2016-08-14T09:00:00+02:00",
            expected: [
                "2016-08-15T00:00:00+02:00", "2016-08-15T05:00:00+02:00", "2016-08-15T10:00:00+02:00",
                "2016-08-15T15:00:00+02:00", "2016-08-15T20:00:00+02:00",
            ]),
        Row(
            name: "a time the clocks skip moves on by the change",
            timing: #"{"repeat":{"period":1,"periodUnit":"d","timeOfDay":["02:30:00"]}}"#, start: nil,
            from: "2016-03-26",
            through: "2016-03-28",
            expected: ["2016-03-26T02:30:00+01:00", "2016-03-27T03:30:00+02:00", "2016-03-28T02:30:00+02:00"]),
        Row(
            name: "a time the clocks repeat is the first of the two",
            timing: #"{"repeat":{"period":1,"periodUnit":"d","timeOfDay":["02:30:00"]}}"#, start: nil,
            from: "2016-10-30",
            through: "2016-10-30", expected: ["2016-10-30T02:30:00+02:00"]),
        Row(
            name: "New York's change, every 6 hours on the clock",
            timing:
                #"{"repeat":{"frequency":4,"period":1,"periodUnit":"d","timeOfDay":["02:00:00","08:00:00","14:00:00","20:00:00"]}}"#,
            start: "2016-01-01", from: "2016-03-13", through: "2016-03-13", zone: "America/New_York",
            expected: [
                "2016-03-13T03:00:00-04:00", "2016-03-13T08:00:00-04:00", "2016-03-13T14:00:00-04:00",
                "2016-03-13T20:00:00-04:00",
            ]),
        Row(
            name: "twice a day for 7 days from the order",
            timing: #"{"repeat":{"boundsDuration":{"value":7,"code":"d"},"frequency":2,"period":1,"periodUnit":"d"}}"#,
            start: "2016-06-01T11:20:00+02:00", from: "2016-06-07", through: "2016-06-09",
            expected: ["2016-06-07T08:00:00+02:00", "2016-06-07T20:00:00+02:00", "2016-06-08T08:00:00+02:00"]),
        Row(
            name: "a Range's low is the course",
            timing:
                #"{"repeat":{"boundsRange":{"low":{"value":1,"code":"d"},"high":{"value":5,"code":"d"}},"frequency":1,"period":1,"periodUnit":"d"}}"#,
            start: "2016-08-15T07:00:00+02:00", from: "2016-08-15", through: "2016-08-17",
            expected: ["2016-08-15T08:00:00+02:00"]),
        Row(
            name: "a Period's end day is included",
            timing:
                #"{"repeat":{"boundsPeriod":{"start":"2016-08-14","end":"2016-08-15"},"frequency":1,"period":1,"periodUnit":"d"}}"#,
            from: "2016-08-13", through: "2016-08-16",
            expected: ["2016-08-14T08:00:00+02:00", "2016-08-15T08:00:00+02:00"]),
        // Found by the independent expander (Tests/Timing): a Period includes its end instant, and
        // an hour period longer than a day is an interval, not refused.
        Row(
            name: "a Period's end date-time is included",
            timing:
                #"{"repeat":{"boundsPeriod":{"end":"2016-08-15T08:00:00+02:00"},"frequency":2,"period":1,"periodUnit":"d"}}"#,
            from: "2016-08-14", through: "2016-08-16",
            expected: ["2016-08-14T08:00:00+02:00", "2016-08-14T20:00:00+02:00", "2016-08-15T08:00:00+02:00"]),
        Row(
            name: "every 36 hours counts from the start",
            timing: #"{"repeat":{"frequency":1,"period":36,"periodUnit":"h"}}"#,
            start: "2016-08-13T09:00:00+02:00", from: "2016-08-13", through: "2016-08-16",
            expected: ["2016-08-13T09:00:00+02:00", "2016-08-14T21:00:00+02:00", "2016-08-16T09:00:00+02:00"]),
        Row(
            name: "count: only the first doses",
            timing: #"{"repeat":{"count":3,"frequency":2,"period":1,"periodUnit":"d"}}"#,
            start: "2016-08-14T12:00:00+02:00", from: "2016-08-14", through: "2016-08-20",
            expected: ["2016-08-14T20:00:00+02:00", "2016-08-15T08:00:00+02:00", "2016-08-15T20:00:00+02:00"]),
        Row(
            name: "every other day from the start's day",
            timing: #"{"repeat":{"frequency":1,"period":2,"periodUnit":"d"}}"#,
            start: "2016-08-14T07:00:00+02:00", from: "2016-08-14", through: "2016-08-17",
            expected: ["2016-08-14T08:00:00+02:00", "2016-08-16T08:00:00+02:00"]),
        Row(
            name: "Mondays and Thursdays",
            timing:
                #"{"repeat":{"frequency":2,"period":1,"periodUnit":"wk","dayOfWeek":["mon","thu"],"when":["MORN"]}}"#,
            from: "2016-08-15", through: "2016-08-21",
            expected: ["2016-08-15T08:00:00+02:00", "2016-08-18T08:00:00+02:00"]),
        Row(
            name: "monthly on the start's date, the month's last day when shorter",
            timing: #"{"repeat":{"frequency":1,"period":1,"periodUnit":"mo","timeOfDay":["09:00:00"]}}"#,
            start: "2016-01-31T08:00:00+01:00", from: "2016-02-01", through: "2016-03-31",
            expected: ["2016-02-29T09:00:00+01:00", "2016-03-31T09:00:00+02:00"]),
        Row(
            name: "a date event at the times the repeat names",
            timing: #"{"event":["2016-08-15","2016-08-16T12:00:00+02:00"],"repeat":{"when":["CV"]}}"#,
            from: "2016-08-15", through: "2016-08-16",
            expected: ["2016-08-15T18:00:00+02:00", "2016-08-16T12:00:00+02:00"]),
    ]

    @Test(arguments: rows)
    func expands(row: Row) throws {
        let times = DoseTimes(timeZone: try #require(TimeZone(identifier: row.zone)))
        let schedule = try Self.schedule(row.timing)
        let doses = try times.doses(
            of: OrderDosage(schedule: schedule), start: row.start, from: try #require(CivilDay(row.from)),
            through: try #require(CivilDay(row.through)))
        #expect(doses.map { times.text($0.instant) } == row.expected)
    }

    static let refusals: [(String, String, String?)] = [
        (#"{"code":{"coding":[{"code":"BID"}]}}"#, "only a code (BID)", nil),
        (#"{"repeat":{"frequency":2,"period":1,"periodUnit":"wk"}}"#, "do not say on which days", nil),
        (#"{"repeat":{"frequency":2,"period":1,"periodUnit":"d","when":["HS"]}}"#, "names 1 time of day", nil),
        (#"{"repeat":{"frequency":1,"period":2,"periodUnit":"d"}}"#, "counts from a start", "none"),
        (#"{"repeat":{"count":2,"frequency":1,"period":1,"periodUnit":"d"}}"#, "needs a start", "none"),
        (#"{"event":["2016-08-15"]}"#, "gives a day but no time", nil),
        (#"{"repeat":{"frequency":1,"period":4,"periodUnit":"h","when":["HS"]}}"#, "need a period of a day", nil),
        (#"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","when":["XYZ"]}}"#, "names no time of day", nil),
        (#"{"repeat":{"frequency":120,"period":1,"periodUnit":"min"}}"#, "less than a minute", nil),
        // Numbers no schedule has, which would overflow or fill memory: refused, not trapped.
        (#"{"repeat":{"frequency":1,"period":1e300,"periodUnit":"d"}}"#, "no schedule to keep", nil),
        (#"{"repeat":{"frequency":1,"period":1e300,"periodUnit":"h"}}"#, "no schedule to keep", nil),
        (
            #"{"repeat":{"boundsDuration":{"value":1e300,"code":"d"},"frequency":1,"period":1,"periodUnit":"d"}}"#,
            "longer than any course", nil
        ),
        (#"{"repeat":{"frequency":100000000,"period":1,"periodUnit":"d"}}"#, "more than one a minute", nil),
    ]

    @Test(arguments: refusals.indices)
    func saysWhy(index: Int) throws {
        let (timing, words, start) = Self.refusals[index]
        let times = DoseTimes(timeZone: try #require(TimeZone(identifier: "Europe/Vienna")))
        let day = try #require(CivilDay("2016-08-15"))
        #expect {
            try times.doses(
                of: OrderDosage(schedule: try Self.schedule(timing)), start: start == "none" ? nil : "2016-08-01",
                from: day, through: day)
        } throws: { ($0 as? DoseTimeError)?.description.contains(words) == true }
    }

    @Test func asNeededHasNoDueDose() throws {
        var dosage = OrderDosage(
            schedule: try Self.schedule(#"{"repeat":{"frequency":3,"period":1,"periodUnit":"d"}}"#))
        dosage.asNeeded = .boolean(true)
        let day = try #require(CivilDay("2016-08-15"))
        #expect(throws: DoseTimeError("taken as needed: no dose is due")) {
            try DoseTimes(timeZone: .gmt).doses(of: dosage, start: nil, from: day, through: day)
        }
    }

    @Test func theOrdersDosePeriodLimitsTheDoses() throws {
        let times = DoseTimes(timeZone: try #require(TimeZone(identifier: "Europe/Vienna")))
        let dosage = OrderDosage(
            schedule: try Self.schedule(#"{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}"#))
        let doses = try times.doses(
            of: dosage, start: "2016-08-01", dosePeriod: Period(start: "2016-08-15", end: "2016-08-16"),
            from: try #require(CivilDay("2016-08-10")), through: try #require(CivilDay("2016-08-20")))
        #expect(doses.map { times.text($0.instant) } == ["2016-08-15T08:00:00+02:00", "2016-08-16T08:00:00+02:00"])
    }

    @Test func thePatientsDayMovesMealTimes() throws {
        var day = PatientDay()
        try day.set("breakfast", to: "06:45")
        try day.set("day", to: "07:00-19:00")
        let times = DoseTimes(timeZone: .gmt, day: day)
        let date = try #require(CivilDay("2016-08-15"))
        let before = try times.doses(
            of: OrderDosage(schedule: try Self.schedule(#"{"repeat":{"when":["ACM"],"offset":15}}"#)), start: nil,
            from: date, through: date)
        let spread = try times.doses(
            of: OrderDosage(schedule: try Self.schedule(#"{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}"#)),
            start: nil, from: date, through: date)
        #expect(before.map { times.text($0.instant) } == ["2016-08-15T06:30:00Z"])
        #expect(spread.map { times.text($0.instant) } == ["2016-08-15T07:00:00Z", "2016-08-15T19:00:00Z"])
        #expect(throws: DoseTimeError.self) { try day.set("lunch", to: "25:00") }
    }

    static func schedule(_ json: String) throws -> Schedule {
        Schedule(try R4.Timing(json: try JSONParser.parse(json), path: "Timing"))
    }
}
