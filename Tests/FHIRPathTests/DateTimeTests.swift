import Foundation
import Testing

@testable import FHIRPath

/// FHIRPath's Date, DateTime and Time values: literals, `=`, `~`, ordering, arithmetic,
/// boundaries and precision. Values are written as literals without the `@`, as the lexer hands
/// them over; the cases marked "suite" are the official FHIRPath test suite's.
@Suite("FHIRPathDateTime")
struct DateTimeTests {
    private func value(_ literal: String) throws -> FHIRPathDateTime {
        try #require(FHIRPathDateTime(literal: literal), "\(literal) should parse")
    }

    // MARK: - Parsing and text

    @Test(
        "literals of each precision",
        arguments: [
            ("2015", FHIRPathDateTime.Kind.date, FHIRPathDateTime.Precision.year, 4),
            ("2015-02", .date, .month, 6),
            ("2015-02-04", .date, .day, 8),
            ("2015T", .dateTime, .year, 4),
            ("2015-02T", .dateTime, .month, 6),
            ("2015-02-04T", .dateTime, .day, 8),
            ("2015-02-04T14", .dateTime, .hour, 10),
            ("2015-02-04T14:34", .dateTime, .minute, 12),
            ("2015-02-04T14:34:28", .dateTime, .second, 14),
            ("2015-02-04T14:34:28.123", .dateTime, .millisecond, 17),
            ("2015-02-04T14:34:28Z", .dateTime, .second, 14),
            ("2015-02-04T14:34:28+10:00", .dateTime, .second, 14),
            ("T14", .time, .hour, 2),
            ("T14:34", .time, .minute, 4),
            ("T14:34:28", .time, .second, 6),
            ("T14:34:28.123", .time, .millisecond, 9),
        ])
    func literal(_ text: String, kind: FHIRPathDateTime.Kind, precision: FHIRPathDateTime.Precision, digits: Int)
        throws
    {
        let parsed = try value(text)
        #expect(parsed.kind == kind)
        #expect(parsed.precision == precision)
        #expect(parsed.precisionDigits == digits)
        #expect(parsed.literal == "@" + text)
    }

    @Test(
        "malformed or out-of-range literals",
        arguments: [
            "", "T", "201", "0000", "2015-2", "2015-13", "2015-00", "2015-02-30", "2015-02-29", "2015-04-31",
            "2015-02-32", "2015-02-04T24", "2015-02-04T14:60", "2015-02-04T14:34:60", "2015-02-04T14:34:28.",
            "2015T14", "2015-02T14:00", "2015-02-04TZ", "2015-02-04T14:34:28+15:00", "2015-02-04T14:34:28+10",
            "2015-02-04T14:34:28+10:60", "2015-02-04T14:34:28ZZ", "T14:34:28Z", "T14:34:28+10:00", "T25",
            "T14:3", "2015-02-04 14:34",
        ])
    func malformed(_ text: String) {
        #expect(FHIRPathDateTime(literal: text) == nil)
    }

    @Test func kindIsCheckedWhenParsing() {
        #expect(FHIRPathDateTime(parsing: "2015-02-04T10:00", kind: .date) == nil)
        #expect(FHIRPathDateTime(parsing: "T14:34", kind: .time) == nil)
        #expect(FHIRPathDateTime(parsing: "14:34", kind: .time)?.hour == 14)
        #expect(FHIRPathDateTime(parsing: "2016-02-29", kind: .date)?.day == 29)
        #expect(FHIRPathDateTime(parsing: "2015", kind: .dateTime)?.text == "2015T")
    }

    /// The canonical text: milliseconds in three digits, a zero offset as `Z`.
    @Test(
        "canonical text",
        arguments: [
            ("2012-04-15T15:30:31.0", "2012-04-15T15:30:31.000"),
            ("2012-04-15T15:30:31.1", "2012-04-15T15:30:31.100"),
            ("2015-02-04T14:34:28.1239-05:30", "2015-02-04T14:34:28.123-05:30"),
            ("2015-02-04T14:34:28+00:00", "2015-02-04T14:34:28Z"),
            ("2015-02-04T14:34:28-00:00", "2015-02-04T14:34:28Z"),
            ("2015-02-04T14+05:30", "2015-02-04T14+05:30"),
            ("T09:05:01.5", "09:05:01.500"),
        ])
    func canonicalText(_ text: String, _ expected: String) throws {
        let parsed = try value(text)
        #expect(parsed.text == expected)
        #expect(FHIRPathDateTime(parsing: parsed.text, kind: parsed.kind) == parsed)
    }

    @Test(
        "toString",
        arguments: [
            ("2014-12-14", "2014-12-14"), ("2015T", "2015"), ("2015-02-04T", "2015-02-04"),
            ("2015-02-04T14:34Z", "2015-02-04T14:34Z"), ("T14:34", "14:34"),
        ])
    func stringValue(_ text: String, _ expected: String) throws {
        #expect(try value(text).stringValue == expected)
    }

    @Test func fhirValuesTakeTheirKindFromTheType() throws {
        let instant = try #require(FHIRPathDateTime(fhirValue: "2015-02-07T13:28:17.239+02:00", fhirType: "instant"))
        #expect(instant.kind == .dateTime && instant.timeZoneOffset == 120 && instant.millisecond == 239)
        #expect(FHIRPathDateTime(fhirValue: "1974-12-25", fhirType: "date")?.kind == .date)
        #expect(FHIRPathDateTime(fhirValue: "2015", fhirType: "dateTime")?.kind == .dateTime)
        #expect(FHIRPathDateTime(fhirValue: "14:34:28", fhirType: "time")?.kind == .time)
        #expect(FHIRPathDateTime(fhirValue: "1974-12-25", fhirType: "string") == nil)
        #expect(FHIRPathDateTime(fhirValue: "1974-12-25T10:00:00Z", fhirType: "date") == nil)
    }

    @Test func componentsAreExposed() throws {
        let parsed = try value("2012-01-01T12:30:40.002-07:00")
        let components: [Int?] = [parsed.year, parsed.month, parsed.day, parsed.hour, parsed.minute]
        #expect(components == [2012, 1, 1, 12, 30])
        #expect(parsed.second == 40 && parsed.millisecond == 2 && parsed.timeZoneOffset == -420)
        let year = try value("2012")
        #expect(year.month == nil && year.day == nil && year.timeZoneOffset == nil)
        #expect(try value("T10:30").year == 0)
    }

    @Test func conversions() throws {
        #expect(try value("2012-01-01T12:30:00.000-07:00").dateOf?.literal == "@2012-01-01")
        #expect(try value("2012-01-01T12:30:00.000-07:00").timeOf?.literal == "@T12:30:00.000")
        #expect(try value("2012-01T").timeOf == nil)
        #expect(try value("2012-01").asDateTime?.literal == "@2012-01T")
        #expect(try value("T12:30").asDateTime == nil)
    }

    // MARK: - Equality, equivalence, order

    @Test(
        "= (suite and specification examples)",
        arguments: [
            ("2012-04-15", "2012-04-15", true), ("2012-04-15", "2012-04-16", false),
            ("2012-04-15", "2012-04-15T10:00:00", nil), ("2012-04-15T15:00:00", "2012-04-15T10:00:00", false),
            ("2012-04-15T15:30:31", "2012-04-15T15:30:31.0", true),
            ("2012-04-15T15:30:31", "2012-04-15T15:30:31.1", false),
            ("2012-04-15T15:00:00Z", "2012-04-15T10:00:00", nil),
            ("2012-04-15T15:00:00+02:00", "2012-04-15T16:00:00+03:00", true),
            ("2012", "2012", true), ("2012", "2013", false), ("2012-01", "2012", nil),
            ("2012-01-01T10:30", "2012-01-01T10:30", true), ("2012-01-01T10:30", "2012-01-01T10:31", false),
            ("2012-01-01T10:30:31", "2012-01-01T10:30", nil),
            ("2017-11-05T01:30:00.0-04:00", "2017-11-05T01:15:00.0-05:00", false),
            ("2017-11-05T01:30:00.0-04:00", "2017-11-05T00:30:00.0-05:00", true),
            ("1974-12-25", "1974-12-25T12:34:00", nil), ("1974-12-25", "1974-12-25T12:34:00-10:00", nil),
            ("1974-12-25", "1974-12-25T12:34:00+10:00", nil), ("1974-12-25", "1974-12-25T12:34:00Z", nil),
            ("1974-12-25", "T12:14:15", false), ("1974-12-25", "T12:14", false),
            ("2012-04-15T15:00:00Z", "2012-04-17T10:00:00", false),
            ("2012-04-15T15:00:00Z", "2012-04-15T15:00:00+00:00", true),
            ("2012-04-15", "2012-04-15T", true), ("T10:30", "T10:30", true), ("T10:30", "T10:30:00", nil),
            ("T10:30:00", "T10:30:00.000", true),
        ])
    func equal(_ left: String, _ right: String, _ expected: Bool?) throws {
        #expect(FHIRPathDateTime.equal(try value(left), try value(right)) == expected)
        #expect(FHIRPathDateTime.equal(try value(right), try value(left)) == expected)
    }

    @Test(
        "~ (suite and specification examples)",
        arguments: [
            ("2012-04-15", "2012-04-15", true), ("2012-04-15", "2012-04-16", false),
            ("2012-04-15", "2012-04-15T10:00:00", false), ("2012-04-15T15:30:31", "2012-04-15T15:30:31.0", true),
            ("2012-04-15T15:30:31", "2012-04-15T15:30:31.1", false), ("2012-01", "2012", false),
            ("2012-01-01T10:30:31", "2012-01-01T10:30", false), ("T10:30", "T10:30", true),
            ("2012-04-15T15:00:00Z", "2012-04-15T15:00:00", false),
        ])
    func equivalent(_ left: String, _ right: String, _ expected: Bool) throws {
        #expect(FHIRPathDateTime.equivalent(try value(left), try value(right)) == expected)
    }

    @Test(
        "order (suite's <, <=, >, >= cases and offsets)",
        arguments: [
            ("2014-12-12", "2014-12-13", -1), ("2014-12-13T12:00:00", "2014-12-13T12:00:01", -1),
            ("T12:00:00", "T14:00:00", -1), ("2014-12-12", "2014-12-12", 0),
            ("2014-12-13T12:00:00", "2014-12-13T12:00:00", 0), ("T12:00:00", "T12:00:00", 0),
            ("2014-12-13", "2014-12-12", 1), ("2014-12-13T12:00:01", "2014-12-13T12:00:00", 1),
            ("T12:00:01", "T12:00:00", 1), ("2018-03", "2018-03-01", nil),
            ("2018-03-01T10:30", "2018-03-01T10:30:00", nil), ("T10:30", "T10:30:00", nil),
            ("2018-03-01T10:30:00", "2018-03-01T10:30:00.0", 0), ("T10:30:00", "T10:30:00.0", 0),
            ("2018-03-01T10", "2018-03-01T10:30", nil), ("T10", "T10:30", nil), ("2018-03", "2018-04-05", -1),
            ("2017-11-05T01:30:00.0-04:00", "2017-11-05T01:15:00.0-05:00", -1),
            ("2012-04-15T23:00:00-05:00", "2012-04-16T04:00:00Z", 0),
            ("2012-04-15T15:00:00Z", "2012-04-17T10:00:00", -1), ("2012-04-15T15:00:00Z", "2012-04-15T10:00:00", nil),
            ("1974-12-25", "2024-06-01T10:00:00.000+02:00", -1), ("2024-06-01", "2024-06-01T10:00:00.000+02:00", nil),
            ("T10:00", "2014-01-01", nil),
        ])
    func compare(_ left: String, _ right: String, _ expected: Int?) throws {
        #expect(FHIRPathDateTime.compare(try value(left), try value(right)) == expected)
        #expect(FHIRPathDateTime.compare(try value(right), try value(left)) == expected.map { -$0 })
    }

    // MARK: - Arithmetic

    @Test(
        "+ (suite's testPlusDate, month ends, partial values, ranges)",
        arguments: [
            ("1973-12-25", "7", "days", "1974-01-01"), ("1973-12-25", "7.7", "days", "1974-01-01"),
            ("1973-12-25T00:00:00.000+10:00", "7", "days", "1974-01-01T00:00:00.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "7.7", "days", "1974-01-01T00:00:00.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "1", "second", "1973-12-25T00:00:01.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "10", "millisecond", "1973-12-25T00:00:00.010+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "1", "minute", "1973-12-25T00:01:00.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "1", "hour", "1973-12-25T01:00:00.000+10:00"),
            ("1973-12-25", "1", "day", "1973-12-26"), ("1973-12-25", "1", "month", "1974-01-25"),
            ("1973-12-25", "1", "week", "1974-01-01"), ("1973-12-25", "1", "year", "1974-12-25"),
            ("1973-12-25", "1", "d", "1973-12-26"), ("1973-12-25", "1", "mo", nil),
            ("1973-12-25", "1", "wk", "1974-01-01"), ("1973-12-25", "1", "a", nil), ("1975-12-25", "1", "a", nil),
            ("1973-12-25T00:00:00.000+10:00", "1", "s", "1973-12-25T00:00:01.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "0.1", "s", "1973-12-25T00:00:00.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "10", "ms", "1973-12-25T00:00:00.010+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "1", "min", "1973-12-25T00:01:00.000+10:00"),
            ("1973-12-25T00:00:00.000+10:00", "1", "h", "1973-12-25T01:00:00.000+10:00"),
            ("1974-12-25", "1", "cm", nil), ("1973-12-25", "-7.7", "days", "1973-12-18"),
            ("2020-01-31", "1", "month", "2020-02-29"), ("2021-01-31", "1", "month", "2021-02-28"),
            ("2020-03-31", "-1", "month", "2020-02-29"), ("2020-02-29", "1", "year", "2021-02-28"),
            ("2019-03-01", "24", "months", "2021-03-01"), ("2014", "24", "months", "2016"),
            ("2014", "23", "months", "2015"), ("2014", "-24", "months", "2012"), ("2016", "365", "days", "2017"),
            ("2014", "1", "day", "2014"), ("2014-01", "45", "days", "2014-02"),
            ("2014-01-01T", "25", "hours", "2014-01-02T"),
            ("1973-12-31T23:59:59.999Z", "1", "ms", "1974-01-01T00:00:00.000Z"),
            ("T23:30", "1", "hour", "T00:30"), ("T00:30", "-1", "hour", "T23:30"), ("T10", "90", "minutes", "T11"),
            ("T10:00:00", "1.5", "seconds", "T10:00:01"), ("T10:00", "1", "day", nil), ("2014-01-01", "1", "hour", nil),
            ("9999-12-31", "1", "day", nil), ("0001-01-01", "-1", "day", nil), ("2014", "8000", "years", nil),
        ])
    func adding(_ start: String, _ amount: String, _ unit: String, _ expected: String?) throws {
        let quantity = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try value(start).adding(quantity, unit: unit)?.literal == expected.map { "@" + $0 })
    }

    @Test func subtracting() throws {
        #expect(try value("1974-12-25").subtracting(1, unit: "month")?.literal == "@1974-11-25")  // suite testMinus5
        #expect(try value("1974-12-25").subtracting(1, unit: "cm") == nil)  // suite testMinus6
        #expect(try value("2019-03-01").subtracting(24, unit: "months")?.literal == "@2017-03-01")
    }

    // MARK: - Boundaries and precision

    @Test(
        "lowBoundary and highBoundary (suite's date and time cases and more)",
        arguments: [
            ("2014", 6, "2014-01", "2014-12"),
            ("2014-01-01T08", 17, "2014-01-01T08:00:00.000+14:00", "2014-01-01T08:59:59.999-12:00"),
            ("2014-01-01T08:05+08:00", 17, "2014-01-01T08:05:00.000+08:00", "2014-01-01T08:05:59.999+08:00"),
            ("2014-01-01T08:05-05:00", 17, "2014-01-01T08:05:00.000-05:00", "2014-01-01T08:05:59.999-05:00"),
            ("2014-01-01T08", 8, "2014-01-01T", "2014-01-01T"), ("T10:30", 9, "T10:30:00.000", "T10:30:59.999"),
            ("2016-02", 8, "2016-02-01", "2016-02-29"), ("2014", nil, "2014-01-01", "2014-12-31"),
            ("2014-01-01T08", 10, "2014-01-01T08+14:00", "2014-01-01T08-12:00"), ("T10", 4, "T10:00", "T10:59"),
            ("2014T", 14, "2014-01-01T00:00:00+14:00", "2014-12-31T23:59:59-12:00"),
            ("2014-01-01T08:05:30.250Z", 14, "2014-01-01T08:05:30Z", "2014-01-01T08:05:30Z"),
            ("2014-01-01T08:05:30.250Z", nil, "2014-01-01T08:05:30.250Z", "2014-01-01T08:05:30.250Z"),
            ("2014", 5, nil, nil), ("2014", 10, nil, nil), ("2014T", 18, nil, nil), ("T10:30", 8, nil, nil),
        ] as [(String, Int?, String?, String?)])
    func boundaries(_ start: String, _ digits: Int?, _ low: String?, _ high: String?) throws {
        let parsed = try value(start)
        #expect(parsed.lowBoundary(precision: digits)?.literal == low.map { "@" + $0 })
        #expect(parsed.highBoundary(precision: digits)?.literal == high.map { "@" + $0 })
    }

    @Test(
        "precision() (suite and each precision)",
        arguments: [
            ("2014", 4), ("2014-01", 6), ("2014-01-05T", 8), ("2014-01-05T10", 10), ("2014-01-05T10:30", 12),
            ("2014-01-05T10:30:00", 14), ("2014-01-05T10:30:00.000", 17), ("T10", 2), ("T10:30", 4),
            ("T10:30:00", 6), ("T10:30:00.000", 9),
        ])
    func precisionDigits(_ text: String, _ digits: Int) throws {
        let parsed = try value(text)
        #expect(parsed.precisionDigits == digits)
        #expect(FHIRPathDateTime.precision(forDigits: digits, kind: parsed.kind) == parsed.precision)
    }

    // MARK: - Clock and calendar

    @Test func valuesFromAClock() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 10 * 3600))
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(FHIRPathDateTime(date: epoch, timeZone: zone, kind: .dateTime).text == "1970-01-01T10:00:00.000+10:00")
        #expect(FHIRPathDateTime(date: epoch, timeZone: zone, kind: .date).text == "1970-01-01")
        #expect(FHIRPathDateTime(date: epoch, timeZone: zone, kind: .time).text == "10:00:00.000")
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        let before = FHIRPathDateTime(date: Date(timeIntervalSince1970: -1.5), timeZone: utc, kind: .dateTime)
        #expect(before.text == "1969-12-31T23:59:58.500Z")
        let farFuture = FHIRPathDateTime(date: Date(timeIntervalSince1970: 1e18), timeZone: zone, kind: .dateTime)
        #expect(farFuture.text == "9999-12-31T23:59:59.999+10:00")
        // today().toString().length() = 10, now().toString().length() > 10 (suite)
        #expect(FHIRPathDateTime(date: Date(), timeZone: .current, kind: .date).stringValue.count == 10)
        #expect(FHIRPathDateTime(date: Date(), timeZone: .current, kind: .dateTime).stringValue.count > 10)
    }

    @Test(
        "days since 1970 and back",
        arguments: [
            (1970, 1, 1, 0), (2000, 3, 1, 11_017), (1969, 12, 31, -1), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896),
        ])
    func civilDays(_ year: Int, _ month: Int, _ day: Int, _ days: Int) {
        #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) == days)
        let back = CivilCalendar.date(fromDaysSinceEpoch: days)
        #expect(back.year == year && back.month == month && back.day == day)
    }
}
