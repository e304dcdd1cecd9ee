import FHIRModel
import MedicationTutorial
import Testing

/// The bundled languages and shortcuts to render JSON in both FHIR versions.
enum Render {
    static let catalog = LanguageCatalog.standard(environment: [:])
    static let english = try! catalog.language("en")
    static let german = try! catalog.language("de")

    /// The sentence for an R4 Timing given as JSON, and for the same Timing spelt in DSTU2.
    static func timing(_ r4JSON: String, in language: Language, dstu2: Bool = true) throws -> [String] {
        let renderer = InstructionsRenderer(language: language)
        let json = try JSONParser.parse(r4JSON)
        var sentences = [
            renderer.instructions(for: Schedule(try R4.Timing(json: json, path: "Timing")), version: .r4).sentence
        ]
        if dstu2 {
            let old = try DSTU2.Timing(json: VersionSpelling.dstu2Timing(json), path: "Timing")
            sentences.append(renderer.instructions(for: Schedule(old), version: .dstu2).sentence)
        }
        return sentences
    }

    /// The sentence for an R4 Dosage given as JSON, and for the same dosage as a DSTU2 DosageInstruction.
    static func dosage(_ r4JSON: String, in language: Language, dstu2: Bool = true) throws -> [String] {
        try dosageInstructions(r4JSON, in: language, dstu2: dstu2).map(\.sentence)
    }

    static func dosageInstructions(_ r4JSON: String, in language: Language, dstu2: Bool = true) throws -> [Instructions]
    {
        let renderer = InstructionsRenderer(language: language)
        let json = try JSONParser.parse(r4JSON)
        var results = [renderer.instructions(for: OrderDosage(try R4.Dosage(json: json, path: "Dosage")), version: .r4)]
        if dstu2 {
            let old = try DSTU2.DosageInstruction(json: VersionSpelling.dstu2Dosage(json), path: "DosageInstruction")
            results.append(renderer.instructions(for: OrderDosage(old), version: .dstu2))
        }
        return results
    }
}

/// Respells R4 JSON the DSTU2 way, so one table row tests both versions' readers.
enum VersionSpelling {
    static let renamed = [
        "periodUnit": "periodUnits", "durationUnit": "durationUnits", "boundsDuration": "boundsQuantity",
        "additionalInstruction": "additionalInstructions",
    ]

    static func dstu2Timing(_ json: JSONValue) -> JSONValue {
        guard case .object(var timing) = json, case .object(let rule)? = timing["repeat"] else { return json }
        var old = JSONObject()
        for (key, value) in rule.members {
            if key == "when", case .array(let codes) = value, let code = codes.first {
                old[key] = code
            } else {
                old[renamed[key] ?? key] = value
            }
        }
        timing["repeat"] = .object(old)
        return .object(timing)
    }

    static func dstu2Dosage(_ json: JSONValue) -> JSONValue {
        guard case .object(let dosage) = json else { return json }
        var old = JSONObject()
        for (key, value) in dosage.members {
            switch key {
            case "timing": old[key] = dstu2Timing(value)
            case "doseAndRate":
                for (doseKey, dose) in value.arrayValue?.first?.objectValue?.members.map({ $0 }) ?? [] {
                    old[doseKey] = dose
                }
            case "additionalInstruction": old["additionalInstructions"] = value.arrayValue?.first
            default: old[renamed[key] ?? key] = value
            }
        }
        return .object(old)
    }
}
