import MedicationTutorial
import Testing

@Suite("Instructions for events of the day (when, offset)")
struct EventTimingTests {
    /// Every `when` code: DSTU2's fourteen, which R4 keeps, then R4's own.
    static let codeRows: [(code: String, english: String, german: String, dstu2: Bool)] = [
        ("HS", "At bedtime", "Vor dem Schlafengehen", true),
        ("WAKE", "On waking", "Nach dem Aufwachen", true),
        ("C", "With meals", "Zu den Mahlzeiten", true),
        ("CM", "With breakfast", "Zum Frühstück", true),
        ("CD", "With lunch", "Zum Mittagessen", true),
        ("CV", "With dinner", "Zum Abendessen", true),
        ("AC", "Before meals", "Vor den Mahlzeiten", true),
        ("ACM", "Before breakfast", "Vor dem Frühstück", true),
        ("ACD", "Before lunch", "Vor dem Mittagessen", true),
        ("ACV", "Before dinner", "Vor dem Abendessen", true),
        ("PC", "After meals", "Nach den Mahlzeiten", true),
        ("PCM", "After breakfast", "Nach dem Frühstück", true),
        ("PCD", "After lunch", "Nach dem Mittagessen", true),
        ("PCV", "After dinner", "Nach dem Abendessen", true),
        ("IC", "Between meals", "Zwischen den Mahlzeiten", false),
        ("ICM", "Between breakfast and lunch", "Zwischen Frühstück und Mittagessen", false),
        ("ICD", "Between lunch and dinner", "Zwischen Mittag- und Abendessen", false),
        ("ICV", "Between dinner and bedtime", "Zwischen Abendessen und Schlafengehen", false),
        ("MORN", "In the morning", "Morgens", false),
        ("MORN.early", "Early in the morning", "Frühmorgens", false),
        ("MORN.late", "Late in the morning", "Am späten Vormittag", false),
        ("NOON", "At noon", "Mittags", false),
        ("AFT", "In the afternoon", "Nachmittags", false),
        ("AFT.early", "Early in the afternoon", "Am frühen Nachmittag", false),
        ("AFT.late", "Late in the afternoon", "Am späten Nachmittag", false),
        ("EVE", "In the evening", "Abends", false),
        ("EVE.early", "Early in the evening", "Am frühen Abend", false),
        ("EVE.late", "Late in the evening", "Am späten Abend", false),
        ("NIGHT", "At night", "Nachts", false),
        ("PHS", "After going to sleep", "Nach dem Einschlafen", false),
    ]

    @Test(arguments: codeRows.map { TimingCase(#""when": ["\#($0.code)"]"#, $0.english, $0.german, dstu2: $0.dstu2) })
    func everyCode(_ row: TimingCase) throws {
        #expect(try Render.timing(row.json, in: Render.english, dstu2: row.dstu2).allSatisfy { $0 == row.english })
        #expect(try Render.timing(row.json, in: Render.german, dstu2: row.dstu2).allSatisfy { $0 == row.german })
    }

    static let offsetRows: [TimingCase] = [
        .init(
            #""when": ["ACM"], "offset": 30"#, "30 minutes before breakfast", "30 Minuten vor dem Frühstück",
            dstu2: false),
        .init(#""when": ["PC"], "offset": 60"#, "1 hour after meals", "1 Stunde nach den Mahlzeiten", dstu2: false),
        .init(
            #""when": ["HS"], "offset": 90"#, "90 minutes before bedtime", "90 Minuten vor dem Schlafengehen",
            dstu2: false),
        .init(#""when": ["WAKE"], "offset": 1"#, "1 minute after waking", "1 Minute nach dem Aufwachen", dstu2: false),
        .init(
            #""when": ["PCV"], "offset": 120"#, "2 hours after dinner", "2 Stunden nach dem Abendessen", dstu2: false),
        .init(#""when": ["ACM"], "offset": 0"#, "Before breakfast", "Vor dem Frühstück", dstu2: false),
        .init(
            #""when": ["ACM", "ACV"]"#, "Before breakfast and before dinner",
            "Vor dem Frühstück und vor dem Abendessen",
            dstu2: false),
        .init(
            #""when": ["ACM", "ACD", "ACV"], "offset": 15"#,
            "15 minutes before breakfast, 15 minutes before lunch and 15 minutes before dinner",
            "15 Minuten vor dem Frühstück, 15 Minuten vor dem Mittagessen und 15 Minuten vor dem Abendessen",
            dstu2: false),
        .init(#""when": ["XYZ"]"#, #""XYZ""#, "„XYZ“"),
        .init(
            #""when": ["XYZ"], "offset": 10"#, #""XYZ" (10 minutes after)"#, "„XYZ“ (10 Minuten danach)", dstu2: false),
        .init(
            #""frequency": 1, "period": 1, "periodUnit": "d", "when": ["ACM"], "offset": 30"#,
            "Once a day 30 minutes before breakfast", "Einmal täglich 30 Minuten vor dem Frühstück", dstu2: false),
    ]

    @Test(arguments: offsetRows)
    func offsetsAndLists(_ row: TimingCase) throws {
        #expect(try Render.timing(row.json, in: Render.english, dstu2: row.dstu2).allSatisfy { $0 == row.english })
        #expect(try Render.timing(row.json, in: Render.german, dstu2: row.dstu2).allSatisfy { $0 == row.german })
    }
}
