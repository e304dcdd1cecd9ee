import FHIRModel
import Foundation
import MedicationTutorial
import Testing

@Suite("The breakdown: each part and the elements it came from")
struct BreakdownTests {
    static let dosage = """
        {"doseAndRate": [{"doseQuantity": {"value": 1, "code": "{tbl}"}}],
         "route": {"coding": [{"code": "26643006"}]},
         "timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d", "when": ["PCM"],
                               "duration": 5, "durationUnit": "min", "boundsDuration": {"value": 7, "code": "d"}}},
         "asNeededBoolean": true,
         "additionalInstruction": [{"text": "With water"}]}
        """

    @Test func partsInSentenceOrderWithR4Elements() throws {
        let instructions = try #require(
            try Render.dosageInstructions(Self.dosage, in: Render.english, dstu2: false).first)
        #expect(
            instructions.parts.map(\.kind) == [
                .dose, .route, .frequency, .when, .duration, .bounds, .asNeeded, .instructions,
            ])
        #expect(
            instructions.parts.map(\.elements) == [
                ["doseAndRate[0].doseQuantity"], ["route"],
                ["timing.repeat.frequency", "timing.repeat.period", "timing.repeat.periodUnit"], ["timing.repeat.when"],
                ["timing.repeat.duration", "timing.repeat.durationUnit"], ["timing.repeat.boundsDuration"],
                ["asNeededBoolean"], ["additionalInstruction"],
            ])
        #expect(
            instructions.parts.map(\.text) == [
                "1 tablet", "by mouth", "twice a day", "after breakfast", "over 5 minutes", "for 7 days", "as needed",
                "With water",
            ])
        #expect(
            instructions.sentence
                == "1 tablet by mouth twice a day after breakfast over 5 minutes for 7 days, as needed. With water")
    }

    @Test func dstu2NamesItsOwnElements() throws {
        let both = try Render.dosageInstructions(Self.dosage, in: Render.english)
        let dstu2 = try #require(both.last)
        #expect(
            dstu2.parts.flatMap(\.elements) == [
                "doseQuantity", "route", "timing.repeat.frequency", "timing.repeat.period", "timing.repeat.periodUnits",
                "timing.repeat.when", "timing.repeat.duration", "timing.repeat.durationUnits",
                "timing.repeat.boundsQuantity",
                "asNeededBoolean", "additionalInstructions",
            ])
        #expect(dstu2.sentence == both.first?.sentence)
    }

    @Test func aBareTimingNamesElementsFromItsRoot() throws {
        let schedule = Schedule(
            try R4.Timing(
                json: try JSONParser.parse(#"{"repeat": {"count": 3}, "event": ["2016-01-01"]}"#), path: "Timing"))
        let instructions = InstructionsRenderer(language: Render.english).instructions(for: schedule, version: .r4)
        #expect(instructions.parts.map(\.elements) == [["event"], ["repeat.count"]])
    }

    @Test func textAloneIsOnePartAndNothingIsTheTutorialsNoInstructions() throws {
        let text = try #require(try Render.dosageInstructions(#"{"text": "see leaflet"}"#, in: Render.german).first)
        #expect(text.parts == [InstructionPart(kind: .text, elements: ["text"], text: "see leaflet")])
        let nothing = try #require(try Render.dosageInstructions("{}", in: Render.english).first)
        #expect(nothing.parts == [InstructionPart(kind: .none, elements: [], text: "no instructions")])
    }

    @Test func theLanguageFileDecidesTheOrder() throws {
        let json = JSONValue.object(
            JSONObject([
                ("language", "xx"), ("name", "Reordered"),
                ("sentence", ["order": ["bounds", "frequency"], "separator": " / "]),
            ]))
        let english = try #require(Self.englishJSON())
        let reordered = try Language(json: json, fallback: english, source: "xx.json")
        let sentence = try Render.timing(
            #"{"repeat": {"frequency": 2, "period": 1, "periodUnit": "d", "boundsDuration": {"value": 3, "code": "d"}}}"#,
            in: reordered)
        #expect(sentence == ["For 3 days / twice a day", "For 3 days / twice a day"])
    }

    static func englishJSON() -> JSONValue? {
        LanguageCatalog.bundledText("en").flatMap { try? JSONParser.parse($0) }
    }
}
