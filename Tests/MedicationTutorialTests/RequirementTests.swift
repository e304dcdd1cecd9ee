import FHIRModel
import FHIRProfiles
import FHIRValidation
import MedicationTutorial
import TestSupport
import Testing

/// The tutorial's Tables 1–4, read from the profiles Medbrain ships, judged row by row on
/// generated resources against the rows as the tutorial states them, written again here as
/// plain predicates on the JSON with each release's element names.
@Suite("Requirement tables")
struct RequirementTests {
    static let animal = "http://hl7.org/fhir/StructureDefinition/patient-animal"

    /// The tutorial's rows, by name: whether `resource` meets the row in `version`.
    static func meets(_ row: String, _ resource: JSONValue, _ version: FHIRVersion) -> Bool {
        let old = version == .dstu2 || version == .stu3
        func has(_ name: String) -> Bool {
            guard let value = resource[name] else { return false }
            return value.arrayValue.map { !$0.isEmpty } ?? true
        }
        func hasAny(_ names: [String]) -> Bool { names.contains(where: has) }
        switch row {
        case "has id": return has("id")
        case "is human":
            if old { return !has("animal") }
            return !(resource["extension"]?.arrayValue ?? []).contains { $0["url"]?.stringValue == animal }
        case "has display-name": return resource["code"]?["coding"]?.arrayValue?.first?["display"] != nil
        case "at least one dosageInstruction": return has("dosageInstruction")
        case "prescribed for a patient", "references patient": return has(version == .dstu2 ? "patient" : "subject")
        case "has medication", "references medication":
            return version == .r5 ? has("medication") : hasAny(["medicationCodeableConcept", "medicationReference"])
        case "references medication-order": return has(old ? "prescription" : "request")
        case "effectiveTime set":
            switch version {
            case .dstu2: return hasAny(["effectiveTimeDateTime", "effectiveTimePeriod"])
            case .r5: return hasAny(["occurenceDateTime", "occurencePeriod", "occurenceTiming"])
            default: return hasAny(["effectiveDateTime", "effectivePeriod"])
            }
        default:
            Issue.record("no definition of the row '\(row)'")
            return false
        }
    }

    /// A generated resource of `type`: each slot filled with one of its members, or left out; a
    /// choice element's slot holds one of its forms at most, as FHIR allows.
    static func generated(_ type: String, _ random: inout SeededGenerator) -> JSONValue {
        let slots: [[(String, JSONValue)]] = [
            [("id", "x1")], [("animal", ["species": ["text": "dog"]])],
            [
                ("extension", [["url": .string(animal), "valueString": "dog"]]),
                ("extension", [["url": "http://example.org/other", "valueString": "x"]]),
            ],
            [
                ("code", ["coding": [["system": "http://x.org", "code": "a", "display": "A"]]]),
                ("code", ["coding": [["system": "http://x.org", "code": "a"], ["display": "B"]]]),
                ("code", ["text": "C"]),
            ],
            [("dosageInstruction", [["text": "once"]])], [("patient", ["reference": "Patient/p"])],
            [("subject", ["reference": "Patient/p"])],
            [
                ("medicationCodeableConcept", ["text": "m"]), ("medicationReference", ["reference": "Medication/m"]),
                ("medication", ["concept": ["text": "m"]]),
            ],
            [("prescription", ["reference": "MedicationOrder/o"])], [("request", ["reference": "MedicationRequest/o"])],
            [
                ("effectiveTimeDateTime", "2016-08-16"), ("effectiveDateTime", "2016-08-16"),
                ("effectivePeriod", ["start": "2016-08-16"]), ("occurenceDateTime", "2016-08-16"),
            ],
        ]
        var members: [(String, JSONValue)] = [("resourceType", .string(type))]
        for slot in slots where Bool.random(using: &random) {
            members.append(slot.randomElement(using: &random)!)
        }
        return .object(JSONObject(members))
    }

    /// Every row of every release, on generated resources of its type: met exactly when the
    /// tutorial's row holds.
    @Test(arguments: FHIRVersion.allCases)
    func everyRowJudgesAsTheTutorialSays(version: FHIRVersion) {
        let profiles = TutorialProfiles.of(version)
        #expect(profiles.requirements.count == 10)
        #expect(Set(profiles.requirements.map(\.table)) == [1, 2, 3, 4])
        var random = SeededGenerator(seed: 93)
        for requirement in profiles.requirements {
            for _ in 0..<60 {
                let resource = Self.generated(requirement.resourceType, &random)
                #expect(
                    profiles.isMet(requirement, by: resource) == Self.meets(requirement.name, resource, version),
                    "\(version) \(requirement.name): \(resource)")
            }
        }
    }

    /// Each shipped profile is a valid StructureDefinition of its release, and a profile the
    /// validator reads.
    @Test(arguments: FHIRVersion.allCases)
    func everyProfileIsAValidDefinition(version: FHIRVersion) throws {
        let profiles = TutorialProfiles.of(version)
        #expect(profiles.definitions.count == 4)
        var resources = ConformanceResources(version: version)
        for definition in profiles.definitions {
            let errors = ResourceValidator(version: version)
                .issues(in: definition, type: "StructureDefinition") { _, _ in true }.filter(\.isError)
            #expect(errors.isEmpty, "\(definition["url"] ?? ""): \(errors)")
            #expect(try !resources.add(definition).isEmpty)
            let own = ProfileValidator(resources: resources).issues(in: definition).filter(\.isError)
            #expect(own.isEmpty, "\(own)")
        }
    }

    @Test func aReportCountsAndNamesWhatFallsShort() throws {
        let resources = try [
            #"{"resourceType":"MedicationRequest","id":"a","dosageInstruction":[{}],"subject":{},"medicationReference":{}}"#,
            #"{"resourceType":"MedicationRequest","id":"b","subject":{},"medicationReference":{}}"#,
            #"{"resourceType":"MedicationOrder","id":"c"}"#,
        ].map { try JSONParser.parse($0) }
        let report = RequirementReport(resources: resources, version: .r4)
        let dosage = report.rows.first { $0.requirement.name == "at least one dosageInstruction" }!
        #expect(dosage.checked == 2)
        #expect(dosage.failing == ["MedicationRequest/b"])
        #expect(report.rows.filter { $0.requirement.table == 3 }.allSatisfy { $0.checked == 2 })
    }
}
