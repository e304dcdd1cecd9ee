import FHIRModel
import Foundation
import MedicationTutorial
import Testing

@Suite("Language files")
struct LanguageCatalogTests {
    @Test func bundledLanguagesLoadWithoutProblems() {
        #expect(Render.catalog.codes == ["de", "en"])
        #expect(Render.catalog.problems.isEmpty)
        #expect(Render.german.name == "Deutsch")
    }

    /// German must not lean on English: every entry English has, German has too.
    @Test(arguments: ["messages", "per", "units", "doseUnits", "when", "timingCodes", "routes", "days", "dates"])
    func germanIsComplete(table: String) throws {
        let english = try JSONParser.parse(try #require(LanguageCatalog.bundledText("en")))[table]?.objectValue
        let german = try JSONParser.parse(try #require(LanguageCatalog.bundledText("de")))[table]?.objectValue
        let missing = Set(english?.keys ?? []).subtracting(german?.keys ?? [])
        #expect(missing.isEmpty, "de.json \(table) lacks \(missing.sorted())")
    }

    @Test func aThirdLanguageIsOneFileAndFallsBackToEnglish() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        {"name": "Français", "pluralRules": {"one": "i = 0,1"}, "number": {"decimalSeparator": ","},
         "list": {"separator": ", ", "lastSeparator": " et "},
         "messages": {"times": {"count": "times", "=1": "une fois", "=2": "deux fois", "other": "{times} fois"},
                      "frequencyPer": "{times} {per}", "every": "toutes les {period}"},
         "per": {"d": "par jour"},
         "units": {"h": {"count": "value", "one": "heure", "other": "heures"}}}
        """.write(to: directory.appendingPathComponent("fr.json"), atomically: true, encoding: .utf8)
        let catalog = LanguageCatalog.standard(environment: ["MEDBRAIN_LANGUAGES": directory.path])
        #expect(catalog.codes == ["de", "en", "fr"])
        let french = try catalog.language("fr")
        let renderer = InstructionsRenderer(language: french)
        let timing = { (json: String) in
            renderer.instructions(
                for: Schedule(try R4.Timing(json: try JSONParser.parse(json), path: "Timing")), version: .r4
            )
            .sentence
        }
        #expect(try timing(#"{"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}"#) == "Deux fois par jour")
        #expect(try timing(#"{"repeat": {"period": 1.5, "periodUnit": "h"}}"#) == "Toutes les 1,5 heure")
        // What the file leaves out is said in English rather than lost.
        #expect(try timing(#"{"repeat": {"when": ["ACM"]}}"#) == "Before breakfast")
    }

    @Test(arguments: [
        (#"{"name": "X", "pluralRules": {"one": "q = 1"}}"#, "pluralRules.one"),
        (#"{"name": "X", "messages": {"times": {"one": "once"}}}"#, "needs an 'other' form"),
        (#"{"name": "X", "sentence": {"order": ["dose", "colour"], "separator": " "}}"#, "unknown part 'colour'"),
        (#"{"name": "X", "sentence": {"order": ["dose", "dose"], "separator": " "}}"#, "'dose' twice"),
        (#"{"name": "X", "months": ["Jan"]}"#, "months must list 12 strings"),
        (#"{"language": "yy", "name": "X"}"#, "says it is 'yy'"),
        (#"{"pluralRules": {}}"#, "name is missing"),
        (#"{"name": "X", "#, "malformed JSON"),
    ])
    func brokenFilesAreReportedAndTheRestStillLoad(content: String, problem: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try content.write(to: directory.appendingPathComponent("xx.json"), atomically: true, encoding: .utf8)
        let catalog = LanguageCatalog.standard(environment: ["MEDBRAIN_LANGUAGES": directory.path])
        #expect(catalog.codes == ["de", "en"])
        let error = try #require(throws: LanguageLookupError.self) { try catalog.language("xx") }
        #expect(error.description.contains(problem), "\(error)")
        #expect(error.description.contains("xx.json"))
    }

    @Test func anUnknownLanguageNamesTheAvailableOnes() {
        #expect(throws: LanguageLookupError(code: "tlh", available: ["de", "en"], problem: nil)) {
            try Render.catalog.language("tlh")
        }
        #expect(
            LanguageLookupError(code: "tlh", available: ["de", "en"], problem: nil).description
                == "unknown language 'tlh'; available: de, en")
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
