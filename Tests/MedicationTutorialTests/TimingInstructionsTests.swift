import MedicationTutorial
import Testing

/// One row: a Timing (R4 JSON) and its sentence in English and German.
struct TimingCase: CustomTestStringConvertible, Sendable {
    let json: String
    let english: String
    let german: String
    /// Whether DSTU2 can say it too (no countMax, dayOfWeek, timeOfDay, offset, several `when`).
    var dstu2 = true

    init(_ rule: String, _ english: String, _ german: String, dstu2: Bool = true) {
        json = rule.hasPrefix("{") ? rule : "{\"repeat\": {\(rule)}}"
        self.english = english
        self.german = german
        self.dstu2 = dstu2
    }

    var testDescription: String { english }
}

@Suite("Instructions from a Timing")
struct TimingInstructionsTests {
    static let frequencyAndPeriodRows: [TimingCase] = [
        .init(#""frequency": 2, "period": 1, "periodUnit": "d""#, "Twice a day", "Zweimal täglich"),
        .init(#""frequency": 3, "period": 1, "periodUnit": "d""#, "3 times a day", "Dreimal täglich"),
        .init(#""frequency": 4, "period": 1, "periodUnit": "d""#, "4 times a day", "4-mal täglich"),
        .init(#""frequency": 1, "period": 1, "periodUnit": "d""#, "Once a day", "Einmal täglich"),
        .init(#""period": 1, "periodUnit": "d""#, "Once a day", "Einmal täglich"),
        .init(#""frequency": 1, "period": 8, "periodUnit": "h""#, "Every 8 hours", "Alle 8 Stunden"),
        .init(#""period": 8, "periodUnit": "h""#, "Every 8 hours", "Alle 8 Stunden"),
        .init(
            #""frequency": 2, "frequencyMax": 3, "period": 8, "periodUnit": "h""#,
            "2 to 3 times every 8 hours", "2- bis 3-mal alle 8 Stunden"),
        .init(
            #""frequency": 3, "period": 6, "periodMax": 8, "periodUnit": "h""#,
            "3 times every 6 to 8 hours", "Dreimal alle 6 bis 8 Stunden"),
        .init(#""frequency": 1, "period": 1, "periodUnit": "wk""#, "Once a week", "Einmal wöchentlich"),
        .init(#""frequencyMax": 3, "period": 1, "periodUnit": "d""#, "Up to 3 times a day", "Bis zu dreimal täglich"),
        .init(
            #""frequency": 1, "frequencyMax": 2, "period": 1, "periodUnit": "d""#,
            "1 to 2 times a day", "1- bis 2-mal täglich"),
        .init(#""frequency": 1, "period": 1, "periodUnit": "mo""#, "Once a month", "Einmal monatlich"),
        .init(#""frequency": 1, "period": 1, "periodUnit": "a""#, "Once a year", "Einmal jährlich"),
        .init(#""frequency": 1, "period": 1, "periodUnit": "h""#, "Once an hour", "Einmal stündlich"),
        .init(#""frequency": 6, "period": 1, "periodUnit": "min""#, "6 times a minute", "6-mal pro Minute"),
        .init(#""frequency": 1, "period": 30, "periodUnit": "min""#, "Every 30 minutes", "Alle 30 Minuten"),
        .init(#""frequency": 1, "period": 10, "periodUnit": "s""#, "Every 10 seconds", "Alle 10 Sekunden"),
        .init(#""frequency": 1, "period": 0.5, "periodUnit": "h""#, "Every 0.5 hours", "Alle 0,5 Stunden"),
        .init(
            #""frequency": 2, "period": 1.5, "periodUnit": "h""#, "Twice every 1.5 hours", "Zweimal alle 1,5 Stunden"),
        .init(#""frequency": 1, "period": 2, "periodUnit": "d""#, "Every 2 days", "Alle 2 Tage"),
        .init(#""frequency": 1, "period": 2, "periodUnit": "wk""#, "Every 2 weeks", "Alle 2 Wochen"),
        .init(#""frequency": 1, "period": 3, "periodUnit": "mo""#, "Every 3 months", "Alle 3 Monate"),
        .init(#""frequency": 1, "period": 2, "periodUnit": "a""#, "Every 2 years", "Alle 2 Jahre"),
        .init(
            #""frequency": 1, "period": 1, "periodMax": 2, "periodUnit": "d""#, "Every 1 to 2 days", "Alle 1 bis 2 Tage"
        ),
        .init(#""frequency": 2, "frequencyMax": 2, "period": 1, "periodUnit": "d""#, "Twice a day", "Zweimal täglich"),
        .init(#""frequencyMax": 1, "period": 1, "periodUnit": "d""#, "Up to once a day", "Bis zu einmal täglich"),
        .init(#""frequency": 2, "period": 1, "periodMax": 1, "periodUnit": "d""#, "Twice a day", "Zweimal täglich"),
        .init(#""frequency": 1, "periodMax": 8, "periodUnit": "h""#, "Every 8 hours", "Alle 8 Stunden"),
        .init(#""frequency": 2"#, "Twice", "Zweimal"),
        .init(
            #""frequency": 1, "period": 1, "periodUnit": "fortnight""#, #"Every 1 "fortnight""#, "Alle 1 „fortnight“"),
        .init(#""frequency": 1, "period": 1.0, "periodUnit": "h""#, "Once an hour", "Einmal stündlich"),
        .init(#""duration": 1.0, "durationUnit": "h""#, "Over 1.0 hours", "Über 1,0 Stunden"),
    ]

    @Test(arguments: frequencyAndPeriodRows)
    func frequencyAndPeriod(_ row: TimingCase) throws {
        try expectSentences(row)
    }

    static let durationBoundsCountRows: [TimingCase] = [
        .init(#""duration": 4, "durationUnit": "h""#, "Over 4 hours", "Über 4 Stunden"),
        .init(#""duration": 1, "durationUnit": "h""#, "Over 1 hour", "Über 1 Stunde"),
        .init(
            #""duration": 4, "durationMax": 6, "durationUnit": "h""#,
            "Over 4 hours (maximum 6 hours)", "Über 4 Stunden (höchstens 6 Stunden)"),
        .init(#""duration": 30, "durationUnit": "min""#, "Over 30 minutes", "Über 30 Minuten"),
        .init(
            #""boundsDuration": {"value": 7, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"}"#,
            "For 7 days", "Für 7 Tage"),
        .init(#""boundsDuration": {"value": 1, "code": "d"}"#, "For 1 day", "Für 1 Tag"),
        .init(#""boundsDuration": {"value": 2, "code": "wk"}"#, "For 2 weeks", "Für 2 Wochen"),
        // The tutorial's own example key, "for %d second(s)".
        .init(#""boundsDuration": {"value": 1, "code": "s"}"#, "For 1 second", "Für 1 Sekunde"),
        .init(#""boundsDuration": {"value": 5, "code": "s"}"#, "For 5 seconds", "Für 5 Sekunden"),
        .init(#""boundsDuration": {"value": 7, "unit": "days"}"#, "For 7 days", "Für 7 Tage"),
        .init(
            #""boundsRange": {"low": {"value": 3, "code": "d"}, "high": {"value": 5, "code": "d"}}"#,
            "For 3 to 5 days", "Für 3 bis 5 Tage"),
        .init(#""boundsRange": {"low": {"value": 3, "code": "d"}}"#, "For at least 3 days", "Mindestens 3 Tage lang"),
        .init(#""boundsRange": {"high": {"value": 5, "code": "d"}}"#, "For up to 5 days", "Bis zu 5 Tage lang"),
        .init(
            #""boundsRange": {"low": {"value": 5, "code": "d"}, "high": {"value": 2, "code": "wk"}}"#,
            "For 5 days to 2 weeks", "Für 5 Tage bis 2 Wochen"),
        .init(
            #""boundsPeriod": {"start": "2013-03-26", "end": "2013-03-30"}"#,
            "From 26 March 2013 until 30 March 2013", "Vom 26. März 2013 bis zum 30. März 2013"),
        .init(#""boundsPeriod": {"start": "2016-01-01"}"#, "From 1 January 2016", "Ab dem 1. Januar 2016"),
        .init(#""boundsPeriod": {"end": "2016-12-31"}"#, "Until 31 December 2016", "Bis zum 31. Dezember 2016"),
        .init(#""boundsPeriod": {"start": "2013-03"}"#, "From March 2013", "Ab März 2013"),
        .init(
            #""boundsPeriod": {"start": "2013-03-26T08:00:00Z"}"#,
            "From 26 March 2013 at 08:00", "Ab dem 26. März 2013 um 08:00 Uhr"),
        .init(
            #""duration": 6, "durationMax": 6, "durationUnit": "h""#, "Over 6 hours (maximum 6 hours)",
            "Über 6 Stunden (höchstens 6 Stunden)"),
        .init(#""durationMax": 6, "durationUnit": "h""#, "Over at most 6 hours", "Höchstens 6 Stunden lang"),
        .init(#""boundsDuration": {"value": 2, "unit": "weeks"}"#, "For 2 weeks", "Für 2 Wochen"),
        .init(
            #""boundsPeriod": {"start": "2013-03", "end": "2013-05"}"#, "From March 2013 until May 2013",
            "Von März 2013 bis Mai 2013"),
        .init(#""count": 1, "countMax": 1"#, "Take once", "Insgesamt einmal", dstu2: false),
        .init(#""count": 3, "countMax": 2"#, "Take 3 times", "Insgesamt dreimal", dstu2: false),
        .init(#""count": 1"#, "Take once", "Insgesamt einmal"),
        .init(#""count": 2"#, "Take twice", "Insgesamt zweimal"),
        .init(#""count": 2, "countMax": 3"#, "Take 2 to 3 times", "Insgesamt 2- bis 3-mal", dstu2: false),
        .init(
            #""frequency": 2, "period": 1, "periodUnit": "d", "boundsDuration": {"value": 7, "code": "d"}"#,
            "Twice a day for 7 days", "Zweimal täglich für 7 Tage"),
        .init(
            #""frequency": 1, "period": 1, "periodUnit": "d", "count": 2"#, "Once a day, take twice",
            "Einmal täglich, insgesamt zweimal"),
        .init(
            #""duration": 4, "durationUnit": "h", "frequency": 1, "period": 1, "periodUnit": "d""#,
            "Once a day over 4 hours", "Einmal täglich über 4 Stunden"),
    ]

    @Test(arguments: durationBoundsCountRows)
    func durationBoundsAndCount(_ row: TimingCase) throws {
        try expectSentences(row)
    }

    static let daysTimesEventsCodesRows: [TimingCase] = [
        .init(
            #""dayOfWeek": ["mon", "wed", "fri"]"#, "On Monday, Wednesday and Friday",
            "Am Montag, Mittwoch und Freitag",
            dstu2: false),
        .init(#""dayOfWeek": ["sun"]"#, "On Sunday", "Am Sonntag", dstu2: false),
        .init(#""timeOfDay": ["08:00:00", "20:00:00"]"#, "At 08:00 and 20:00", "Um 08:00 und 20:00 Uhr", dstu2: false),
        .init(#""timeOfDay": ["08:30:15"]"#, "At 08:30:15", "Um 08:30:15 Uhr", dstu2: false),
        .init(
            #""frequency": 1, "period": 1, "periodUnit": "wk", "dayOfWeek": ["mon"], "timeOfDay": ["08:00:00"]"#,
            "Once a week on Monday at 08:00", "Einmal wöchentlich am Montag um 08:00 Uhr", dstu2: false),
        .init(
            #"{"event": ["2016-08-16T08:00:00Z", "2016-08-17T08:00:00Z"]}"#,
            "On 16 August 2016 at 08:00 and 17 August 2016 at 08:00",
            "Am 16. August 2016 um 08:00 Uhr und 17. August 2016 um 08:00 Uhr"),
        .init(
            #""timeOfDay": ["25:99:00", "8am"]"#, #"At "25:99:00" and "8am""#, "Um „25:99:00“ und „8am“ Uhr",
            dstu2: false),
        .init(#"{"event": ["2016-08-16"]}"#, "On 16 August 2016", "Am 16. August 2016"),
        .init(
            #"{"code": {"coding": [{"system": "http://hl7.org/fhir/v3/GTSAbbreviation", "code": "BID"}]}}"#,
            "Twice a day", "Zweimal täglich"),
        .init(#"{"code": {"coding": [{"code": "Q4H"}]}}"#, "Every 4 hours", "Alle 4 Stunden"),
        .init(#"{"code": {"coding": [{"code": "QOD"}]}}"#, "Every other day", "Jeden zweiten Tag"),
        .init(#"{"code": {"text": "with each feed"}}"#, "With each feed", "With each feed"),
        .init(#"{"code": {"coding": [{"code": "XQ9"}]}}"#, #""XQ9""#, "„XQ9“"),
        .init(
            #"{"code": {"coding": [{"code": "TID"}]}, "repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}"#,
            "3 times a day", "Dreimal täglich"),
        .init(
            #"{"code": {"coding": [{"code": "BID"}]}, "repeat": {"boundsDuration": {"value": 7, "code": "d"}}}"#,
            "Twice a day for 7 days", "Zweimal täglich für 7 Tage"),
        .init(#"{"repeat": {"boundsDuration": {}}}"#, "No instructions", "Keine Anweisungen"),
        .init(#"{}"#, "No instructions", "Keine Anweisungen"),
        .init(#"{"repeat": {}}"#, "No instructions", "Keine Anweisungen"),
    ]

    @Test(arguments: daysTimesEventsCodesRows)
    func daysTimesEventsAndCodes(_ row: TimingCase) throws {
        try expectSentences(row)
    }

    private func expectSentences(_ row: TimingCase) throws {
        let english = try Render.timing(row.json, in: Render.english, dstu2: row.dstu2)
        let german = try Render.timing(row.json, in: Render.german, dstu2: row.dstu2)
        #expect(english == Array(repeating: row.english, count: english.count))
        #expect(german == Array(repeating: row.german, count: german.count))
    }
}
