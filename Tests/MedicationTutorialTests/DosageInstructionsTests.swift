import MedicationTutorial
import Testing

/// One row: an R4 Dosage as JSON and its sentence in English and German.
struct DosageCase: CustomTestStringConvertible, Sendable {
    let json: String
    let english: String
    let german: String
    var dstu2 = true

    init(_ members: String, _ english: String, _ german: String, dstu2: Bool = true) {
        json = "{\(members)}"
        self.english = english
        self.german = german
        self.dstu2 = dstu2
    }

    var testDescription: String { english }
}

@Suite("Instructions from a whole dosage")
struct DosageInstructionsTests {
    static let twiceADay = #""timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}"#

    static func dose(_ quantity: String) -> String { #""doseAndRate": [{"doseQuantity": \#(quantity)}]"# }

    static let rows: [DosageCase] = [
        .init(
            dose(#"{"value": 1, "unit": "tablet", "code": "{tbl}"}"#) + ", " + twiceADay,
            "1 tablet twice a day", "1 Tablette zweimal täglich"),
        .init(
            dose(#"{"value": 2, "unit": "tablet", "code": "{tbl}"}"#) + ", " + twiceADay,
            "2 tablets twice a day", "2 Tabletten zweimal täglich"),
        .init(
            #""doseAndRate": [{"doseRange": {"low": {"value": 1, "code": "{tbl}"}, "high": {"value": 2, "code": "{tbl}"}}}], "#
                + twiceADay, "1 to 2 tablets twice a day", "1 bis 2 Tabletten zweimal täglich"),
        .init(
            dose(#"{"value": 0.5, "unit": "ml", "code": "mL"}"#) + ", " + twiceADay,
            "0.5 ml twice a day", "0,5 ml zweimal täglich"),
        .init(dose(#"{"value": 500, "code": "mg"}"#), "500 mg", "500 mg"),
        .init(dose(#"{"value": 20, "code": "[drp]"}"#), "20 drops", "20 Tropfen"),
        .init(dose(#"{"value": 1, "unit": "sachet"}"#), "1 sachet", "1 sachet"),
        .init(dose(#"{"value": 1, "code": "{sachet}"}"#), #"1 "{sachet}""#, "1 „{sachet}“"),
        .init(
            #""route": {"coding": [{"system": "http://snomed.info/sct", "code": "26643006"}]}, "# + twiceADay,
            "By mouth twice a day", "Zum Einnehmen zweimal täglich"),
        .init(
            #""route": {"text": "via the feeding tube"}, "# + twiceADay,
            "Via the feeding tube twice a day", "Via the feeding tube zweimal täglich"),
        .init(#""route": {"coding": [{"code": "X1", "display": "Buccal route"}]}"#, "Buccal route", "Buccal route"),
        .init(#""asNeededBoolean": true, "# + twiceADay, "Twice a day, as needed", "Zweimal täglich, bei Bedarf"),
        .init(#""asNeededBoolean": false, "# + twiceADay, "Twice a day", "Zweimal täglich"),
        .init(
            #""asNeededCodeableConcept": {"text": "pain"}, "# + twiceADay,
            "Twice a day, as needed for pain", "Zweimal täglich, bei Bedarf (pain)"),
        .init(
            #""maxDosePerPeriod": {"numerator": {"value": 4, "code": "{tbl}"}, "denominator": {"value": 1, "code": "d"}}"#,
            "No more than 4 tablets a day", "Höchstens 4 Tabletten pro Tag"),
        .init(
            #""maxDosePerPeriod": {"numerator": {"value": 4, "code": "{tbl}"}, "denominator": {"value": 24, "code": "h"}}"#,
            "No more than 4 tablets every 24 hours", "Höchstens 4 Tabletten alle 24 Stunden"),
        .init(
            #""additionalInstruction": [{"text": "With food."}], "# + twiceADay,
            "Twice a day. With food", "Zweimal täglich. With food"),
        .init(
            #""patientInstruction": "Shake well", "# + twiceADay, "Twice a day. Shake well",
            "Zweimal täglich. Shake well",
            dstu2: false),
        .init(#""text": "as directed by the midwife""#, "as directed by the midwife", "as directed by the midwife"),
        .init(#""text": "ignored when there is structure", "# + twiceADay, "Twice a day", "Zweimal täglich"),
        .init(
            #""asNeededBoolean": true, "# + dose(#"{"value": 1, "code": "{puff}"}"#), "1 puff, as needed",
            "1 Hub, bei Bedarf"),
        .init(dose(#"{"value": 2, "unit": "tablet"}"#), "2 tablets", "2 Tabletten"),
        .init(
            #""doseAndRate": [{"doseRange": {"low": {"value": 5, "code": "mL"}, "high": {"value": 1, "code": "{tbl}"}}}]"#,
            "5 ml to 1 tablet", "5 ml bis 1 Tablette"),
        .init(
            dose(#"{"value": 1, "code": "{tbl}"}"#) + #", "route": {"coding": [{"code": "999999"}]}"#,
            #"1 tablet "999999""#, "1 Tablette „999999“"),
        .init(
            #""asNeededCodeableConcept": {"coding": [{"code": "22253000"}]}, "# + twiceADay,
            #"Twice a day, as needed for "22253000""#, "Zweimal täglich, bei Bedarf („22253000“)"),
        .init(
            #""additionalInstruction": [{"text": "Shake well!"}, {"text": "Avoid sun?"}], "#
                + #""patientInstruction": "Take with water.", "# + twiceADay,
            "Twice a day. Shake well! Avoid sun? Take with water",
            "Zweimal täglich. Shake well! Avoid sun? Take with water",
            dstu2: false),
        .init(
            #""maxDosePerPeriod": {"numerator": {"value": 8, "code": "{tbl}"}, "denominator": {"value": 1, "unit": "day"}}"#,
            "No more than 8 tablets a day", "Höchstens 8 Tabletten pro Tag"),
        .init(#""route": {"text": "á la bouche"}"#, "A\u{301} la bouche", "A\u{301} la bouche"),
        .init("", "No instructions", "Keine Anweisungen"),
        .init(
            dose(#"{"value": 1, "code": "{tbl}"}"#)
                + #", "route": {"coding": [{"code": "26643006"}]}, "asNeededBoolean": true, "timing": {"repeat": {"#
                + #""frequencyMax": 3, "period": 1, "periodUnit": "d", "boundsDuration": {"value": 5, "code": "d"}}}"#,
            "1 tablet by mouth up to 3 times a day for 5 days, as needed",
            "1 Tablette zum Einnehmen bis zu dreimal täglich für 5 Tage, bei Bedarf"),
    ]

    @Test(arguments: rows)
    func dosage(_ row: DosageCase) throws {
        let english = try Render.dosage(row.json, in: Render.english, dstu2: row.dstu2)
        let german = try Render.dosage(row.json, in: Render.german, dstu2: row.dstu2)
        #expect(english == Array(repeating: row.english, count: english.count))
        #expect(german == Array(repeating: row.german, count: german.count))
    }
}
