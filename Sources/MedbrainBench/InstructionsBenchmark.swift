import FHIRModel
import Foundation
import MedicationTutorial

/// Renders a mix of dosages many times and reports the rate, per language.
struct InstructionsBenchmark {
    /// Dosages covering every part of the sentence, as R4 JSON.
    static let dosages = [
        #"{"doseAndRate": [{"doseQuantity": {"value": 20, "code": "[drp]"}}], "route": {"coding": [{"code": "26643006"}]}, "timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}}"#,
        #"{"timing": {"repeat": {"frequency": 2, "frequencyMax": 3, "period": 8, "periodUnit": "h"}}, "asNeededBoolean": true}"#,
        #"{"timing": {"repeat": {"frequency": 3, "period": 6, "periodMax": 8, "periodUnit": "h"}}}"#,
        #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["ACM"], "offset": 30}}, "additionalInstruction": [{"text": "With water."}]}"#,
        #"{"timing": {"repeat": {"duration": 4, "durationMax": 6, "durationUnit": "h", "frequency": 1, "period": 1, "periodUnit": "d"}}}"#,
        #"{"timing": {"repeat": {"boundsRange": {"low": {"value": 3, "code": "d"}, "high": {"value": 5, "code": "d"}}, "frequency": 3, "period": 1, "periodUnit": "d"}}}"#,
        #"{"doseAndRate": [{"doseQuantity": {"value": 0.5, "code": "mL"}}], "timing": {"repeat": {"boundsPeriod": {"start": "2013-03-26", "end": "2013-03-30"}, "frequency": 3, "period": 1, "periodUnit": "d"}}}"#,
        #"{"timing": {"repeat": {"count": 2, "countMax": 3, "dayOfWeek": ["mon", "wed", "fri"], "timeOfDay": ["08:00:00", "20:00:00"]}}}"#,
        #"{"timing": {"code": {"coding": [{"code": "BID"}]}}}"#,
        #"{"text": "as directed"}"#,
    ]

    let renders: Int

    func run(catalog: LanguageCatalog) throws -> [String] {
        let parsed = try Self.dosages.map { OrderDosage(try R4.Dosage(json: try JSONParser.parse($0), path: "Dosage")) }
        var lines: [String] = []
        for code in catalog.codes {
            let renderer = InstructionsRenderer(language: try catalog.language(code))
            var characters = 0
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for index in 0..<renders {
                    characters &+=
                        renderer.instructions(for: parsed[index % parsed.count], version: .r4).sentence.utf8.count
                }
            }
            let seconds = elapsed.seconds
            lines.append(
                "instructions[\(code)]: \(renders) renders in \(Self.format(seconds * 1000)) ms, "
                    + "\(Self.format(seconds / Double(renders) * 1e9)) ns each, "
                    + "\(Int(Double(renders) / seconds)) per second (\(characters) characters)")
        }
        return lines
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
