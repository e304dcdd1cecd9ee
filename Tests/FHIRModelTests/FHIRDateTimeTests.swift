import FHIRModel
import Testing

/// FHIR `date`, `dateTime` and `instant` texts: precision, the span they cover, time zones.
@Suite("FHIRDateTime")
struct FHIRDateTimeTests {
    @Test(
        "precision",
        arguments: [
            ("2016", FHIRDateTime.Precision.year),
            ("2016-08", .month),
            ("2016-08-16", .day),
            ("2016-08-16T10:30:00Z", .second),
            ("2016-08-16T10:30:00.123+02:00", .second),
            ("2016-08-16T10:30:00", .second),
        ])
    func precision(_ text: String, _ precision: FHIRDateTime.Precision) throws {
        let value = try #require(FHIRDateTime(text))
        #expect(value.precision == precision)
    }

    @Test func precisionsAreOrdered() {
        #expect(FHIRDateTime.Precision.year < .month)
        #expect(FHIRDateTime.Precision.month < .day)
        #expect(FHIRDateTime.Precision.day < .second)
    }

    @Test func fieldsAreRead() throws {
        let value = try #require(FHIRDateTime("2016-08-16T10:30:45.250-05:30"))
        #expect([value.year, value.month, value.day, value.hour, value.minute] == [2016, 8, 16, 10, 30])
        #expect(value.second == 45.25)
        #expect(value.zoneOffsetMinutes == -330)
        let partial = try #require(FHIRDateTime("2016"))
        #expect([partial.month, partial.day, partial.hour, partial.minute] == [1, 1, 0, 0])
        #expect(partial.zoneOffsetMinutes == nil)
    }

    /// Start and (exclusive) end of the span, in seconds since 1970 UTC.
    @Test(
        "span",
        arguments: [
            ("2016", 1_451_606_400.0, 1_483_228_800.0),
            ("2016-02", 1_454_284_800, 1_456_790_400),
            ("2016-12", 1_480_550_400, 1_483_228_800),
            ("2016-08-16", 1_471_305_600, 1_471_392_000),
            ("2016-08-16T10:30:00Z", 1_471_343_400, 1_471_343_401),
            ("2016-08-16T10:30:00.25Z", 1_471_343_400.25, 1_471_343_401.25),
            ("1969-12-31", -86_400, 0),
            ("2000-02-29", 951_782_400, 951_868_800),
        ])
    func span(_ text: String, _ start: Double, _ end: Double) throws {
        let value = try #require(FHIRDateTime(text))
        #expect(value.start == start)
        #expect(value.end == end)
    }

    @Test(
        "time zones",
        arguments: [
            ("2016-08-16T10:30:00Z", 0, 1_471_343_400.0),
            ("2016-08-16T10:30:00+00:00", 0, 1_471_343_400),
            ("2016-08-16T10:30:00+02:00", 120, 1_471_336_200),
            ("2016-08-16T10:30:00-05:30", -330, 1_471_363_200),
            ("2016-08-16T10:30:00+14:00", 840, 1_471_293_000),
        ] as [(String, Int, Double)])
    func timeZones(_ text: String, _ offset: Int, _ start: Double) throws {
        let value = try #require(FHIRDateTime(text))
        #expect(value.zoneOffsetMinutes == offset)
        #expect(value.start == start)
    }

    @Test func noZoneIsReadAsUTC() throws {
        let local = try #require(FHIRDateTime("2016-08-16T10:30:00"))
        let utc = try #require(FHIRDateTime("2016-08-16T10:30:00Z"))
        #expect(local.zoneOffsetMinutes == nil)
        #expect(local.start == utc.start)
    }

    @Test func sameInstantInDifferentZonesSortsTogether() throws {
        let berlin = try #require(FHIRDateTime("2016-08-16T10:30:00+02:00"))
        let utc = try #require(FHIRDateTime("2016-08-16T08:30:00Z"))
        #expect(berlin.start == utc.start)
        #expect(!(berlin < utc) && !(utc < berlin))
        #expect(berlin != utc)
    }

    @Test func comparisonUsesTheStartOfTheSpan() throws {
        let texts = ["2016-08-16T10:30:00Z", "2016", "2016-08", "2015-12-31T23:59:59Z", "2016-08-16"]
        let sorted = texts.compactMap(FHIRDateTime.init).sorted().map(\.start)
        #expect(sorted == [1_451_606_399, 1_451_606_400, 1_470_009_600, 1_471_305_600, 1_471_343_400])
    }

    @Test func yearSpanContainsEveryDayOfTheYear() throws {
        let year = try #require(FHIRDateTime("2016"))
        for text in ["2016-01-01", "2016-02-29", "2016-12-31T23:59:59Z"] {
            let day = try #require(FHIRDateTime(text))
            #expect(year.start <= day.start && day.end <= year.end, "\(text) outside 2016")
        }
        #expect(year.end - year.start == 366 * 86_400)
    }

    @Test(
        "invalid texts",
        arguments: [
            "", "yesterday", "16", "20160", "2016-13", "2016-00", "2016-8", "2016-02-30", "2015-02-29", "2016-04-31",
            "2016-08-00", "2016-08-16T", "2016-08-16T25:00:00Z", "2016-08-16T24:00:00Z", "2016-08-16T10:60:00Z",
            "2016-08-16T10:30:61Z", "2016-08-16T10:30:00.Z", "2016-08-16T10Z", "2016-08-16 10:30:00", "2016-08-16Z",
            "2016-08-16T10:30:00+0200", "2016-08-16T10:30:00Zjunk", "2016/08/16", "2016-08-16T1:30:00Z", " 2016",
        ])
    func invalidTexts(_ text: String) {
        #expect(FHIRDateTime(text) == nil)
    }

    /// A zone cut short (`+02`, `+`, `-05:`) is not a zone; the text must be refused, not read as UTC.
    @Test(
        "truncated time zones are invalid",
        arguments: [
            "2016-08-16T10:30:00+02", "2016-08-16T10:30:00+", "2016-08-16T10:30:00-05:",
        ])
    func truncatedZonesAreInvalid(_ text: String) {
        #expect(FHIRDateTime(text) == nil)
    }

    /// Zone minutes must be a clock value (00–59), as the time's own minutes are.
    @Test func zoneMinutesBeyondFiftyNineAreInvalid() {
        #expect(FHIRDateTime("2016-08-16T10:30:00+05:75") == nil)
    }

    @Test func leapSecondIsAccepted() throws {
        let value = try #require(FHIRDateTime("2016-12-31T23:59:60Z"))
        #expect(value.start == 1_483_228_800)
    }
}
