import FHIRModel
import MedbrainREPL
import MedbrainWorkbook

/// A parser under test: its name, its seed inputs, and a run that must end, crash-free, with
/// either a value or one of its own errors.
struct FuzzTarget {
    let name: String
    let seeds: [String]
    let run: ([UInt8]) -> Void

    /// The REPL's command language.
    static func commandLine(seeds: [String]) -> FuzzTarget {
        FuzzTarget(name: "command words", seeds: seeds) { bytes in
            _ = try? CommandWords.split(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Lessons, as instructors write them.
    static func lessons(seeds: [String]) -> FuzzTarget {
        FuzzTarget(name: "lesson parser", seeds: seeds) { bytes in
            _ = try? Lesson(parsing: String(decoding: bytes, as: UTF8.self), file: "fuzz.lesson", id: "00-fuzz")
        }
    }

    /// Transcripts, as `record` writes them and people edit them.
    static func transcripts(seeds: [String]) -> FuzzTarget {
        FuzzTarget(name: "transcript parser", seeds: seeds) { bytes in
            _ = try? Transcript(parsing: String(decoding: bytes, as: UTF8.self), file: "fuzz.txt")
        }
    }

    /// The JSON parser and the FHIR decoder of every resource type the tutorial reads, in
    /// every release Medbrain speaks, the conversions between them, and the serializer on
    /// what decoded.
    static func fhirJSON(seeds: [String]) -> FuzzTarget {
        FuzzTarget(name: "FHIR JSON decoder", seeds: seeds) { bytes in
            guard let json = try? JSONParser.parse(bytes) else { return }
            _ = json.compactText
            _ = try? Patient(json: json).json.compactText
            _ = try? Medication(json: json)
            _ = try? DSTU2.MedicationOrder(json: json).json.compactText
            _ = try? R4.MedicationRequest(json: json).json.compactText
            _ = try? STU3.MedicationRequest(json: json).json.compactText
            _ = try? R5.MedicationRequest(json: json).json.compactText
            _ = try? DSTU2.MedicationAdministration(json: json)
            _ = try? R4.MedicationAdministration(json: json)
            _ = try? STU3.MedicationAdministration(json: json)
            _ = try? R5.MedicationAdministration(json: json)
            // The tutorial's views, each release told by its members, and converted to every other.
            for version in FHIRVersion.allCases { _ = try? VersionConversion.convert(json, to: version) }
            _ = try? Observation(json: json)
            _ = try? OperationOutcome(json: json)
            _ = try? CapabilityStatement(json: json)
            _ = try? Bundle(json: json).json.compactText
        }
    }
}
