import FHIRModel
import FHIRValidation
import MedicationTutorial
import Testing

@Suite("Reading what to render: detection and one-line errors")
struct InstructionsInputTests {
    static func input(_ text: String) throws -> InstructionsInput { try InstructionsInput(jsonText: Array(text.utf8)) }

    @Test(arguments: [
        (#"{"timing": {"repeat": {"frequency": 2, "periodUnits": "d", "period": 1}}}"#, FHIRVersion.dstu2, "dosage"),
        (#"{"doseQuantity": {"value": 1}}"#, .dstu2, "dosage"),
        (#"{"timing": {"repeat": {"when": "ACM"}}}"#, .dstu2, "dosage"),
        (#"{"doseAndRate": [{"doseQuantity": {"value": 1}}]}"#, .r4, "dosage"),
        (#"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}}"#, .r4, "dosage"),
        (#"{"repeat": {"frequency": 2, "period": 1, "periodUnits": "d"}}"#, .dstu2, "timing"),
        (#"{"repeat": {"when": ["ACM"], "offset": 30}}"#, .r4, "timing"),
        (#"{"event": ["2016-08-16"]}"#, .r4, "timing"),
        (#"{"text": "as directed"}"#, .r4, "dosage"),
        // STU3: the dose directly in the dosage, beside R4's names for the rest.
        (
            #"{"doseQuantity": {"value": 1}, "timing": {"repeat": {"frequency": 2, "periodUnit": "d"}}}"#, .stu3,
            "dosage"
        ),
        (#"{"doseRange": {"low": {"value": 1}}, "additionalInstruction": [{"text": "x"}]}"#, .stu3, "dosage"),
        // R5: asNeeded is a plain flag.
        (#"{"asNeeded": true, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#, .r5, "dosage"),
        (#"{"asNeededFor": [{"text": "pain"}]}"#, .r5, "dosage"),
        (#"{"text": "1 tablet", "maxDosePerPeriod": [{"numerator": {"value": 4}}]}"#, .r5, "dosage"),
    ])
    func versionAndKindAreDetected(json: String, version: FHIRVersion, kind: String) throws {
        let items = try Self.input(json).items
        #expect(items.count == 1)
        #expect(items.first?.version == version)
        switch items.first?.content {
        case .dosage: #expect(kind == "dosage")
        case .timing: #expect(kind == "timing")
        case nil: Issue.record("no item")
        }
    }

    @Test func anOrderGivesOneItemPerDosageAndOneForNone() throws {
        let order = try Self.input(
            """
            {"resourceType": "MedicationRequest", "id": "o1", "status": "active", "intent": "order",
             "subject": {"reference": "Patient/p"}, "medicationCodeableConcept": {"text": "Aspirin"},
             "dosageInstruction": [{"text": "a"}, {"text": "b"}]}
            """
        ).items
        #expect(order.map(\.path) == ["dosageInstruction[0]", "dosageInstruction[1]"])
        #expect(order.map(\.medication) == ["Aspirin", "Aspirin"])
        let bare = try Self.input(#"{"resourceType": "MedicationOrder", "id": "o2"}"#).items
        #expect(bare.count == 1 && bare[0].path == nil && bare[0].version == .dstu2)
    }

    @Test func aBundleResolvesItsMedications() throws {
        let items = try Self.input(
            """
            {"resourceType": "Bundle", "type": "searchset", "entry": [
              {"resource": {"resourceType": "MedicationOrder", "id": "o1", "medicationReference": {"reference": "Medication/m1"}}},
              {"resource": {"resourceType": "Medication", "id": "m1", "code": {"text": "Ibuprofen 400"}}},
              {"resource": {"resourceType": "Patient", "id": "p"}}]}
            """
        ).items
        #expect(items.map(\.medication) == ["Ibuprofen 400"])
        #expect(items.map(\.orderID) == ["o1"])
    }

    @Test(arguments: [
        // Nothing marks a version, so it reads as R4 (the same shape in both).
        (
            #"{"timing": {"repeat": {"frequency": "2"}}}"#,
            "Dosage.timing.repeat.frequency: expected an integer, found a string"
        ),
        (
            #"{"resourceType": "MedicationRequest", "dosageInstruction": [{"timing": {"repeat": {"period": true}}}]}"#,
            "MedicationRequest.dosageInstruction[0].timing.repeat.period: expected a decimal number, found a boolean"
        ),
        (#"{"timing": {"#, "malformed JSON at line 1, column 13"),
        (
            #"{"timing": {"repeat": {"when": ["ACM"], "offset": -9223372036854775808}}}"#,
            "Dosage.timing.repeat.offset: expected an unsigned integer, found -9223372036854775808"
        ),
        (#"{"repeat": {"frequency": 0}}"#, "Timing.repeat.frequency: expected a positive integer, found 0"),
        (#"{"repeat": {"period": -1, "periodUnit": "d"}}"#, "Timing.repeat.period: must not be negative, found -1"),
        (
            #"{"repeat": {"frequency": 2, "period": 1, "periodUnits": "d", "boundsDuration": {"value": 5}}}"#,
            "mixes DSTU2 elements (periodUnits) with R4 elements (boundsDuration)"
        ),
        (#"[1, 2]"#, "found an array"),
        (#"{"resourceType": "Patient"}"#, "found a Patient"),
        (#"{"name": "x"}"#, "found an object with none of their members"),
        (#"{"resourceType": "Bundle", "entry": []}"#, "found a Bundle without MedicationOrder or MedicationRequest"),
    ])
    func badInputIsOneLineNamingTheElement(json: String, message: String) {
        let error = #expect(throws: InstructionsInputError.self) { try Self.input(json) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }
}

/// A Timing FHIR forbids is refused with the rule it breaks, not read aloud.
@Suite("instructions refuse what FHIR forbids")
struct InstructionsInvariantTests {
    @Test(arguments: [
        (#"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","offset":30}}"#, "tim-9"),
        (#"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","durationMax":10}}"#, "tim-7"),
        (
            #"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","boundsDuration":{"value":5,"system":"http://example.org","code":"d"}}}"#,
            "drt-1"
        ),
        (#"{"timing":{"repeat":{"frequency":1,"period":1}}}"#, "tim-2"),
    ])
    func brokenRulesAreNamed(json: String, rule: String) {
        #expect {
            _ = try InstructionsInput(jsonText: Array(json.utf8))
        } throws: { error in
            guard case .breaksRules(let issues) = error as? InstructionsInputError else { return false }
            return issues.map(\.rule) == [rule] && "\(error)".contains("breaks \(rule)")
        }
    }

    @Test func theSameTimingMendedIsRead() throws {
        let input = try InstructionsInput(
            jsonText: Array(#"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","offset":30,"when":["ACV"]}}"#.utf8))
        #expect(input.items.count == 1)
    }
}
