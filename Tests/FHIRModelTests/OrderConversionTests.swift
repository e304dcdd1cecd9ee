import FHIRModel
import Testing

/// DSTU2 MedicationOrder ↔ R4 MedicationRequest through the tutorial's ``Order`` view.
@Suite("Version conversion: orders")
struct OrderConversionTests {
    /// Only elements the ``Order`` view models, so DSTU2 → R4 → DSTU2 must give it back unchanged.
    static let modelledOrder = #"""
        {
          "resourceType": "MedicationOrder",
          "id": "order-1",
          "meta": { "versionId": "4", "lastUpdated": "2016-08-16T10:00:00Z" },
          "identifier": [{ "system": "https://example.org/rx", "value": "RX-1" }],
          "dateWritten": "2016-08-16",
          "status": "active",
          "patient": { "reference": "Patient/iris-1", "display": "Iris Mustermann" },
          "prescriber": { "reference": "Practitioner/dr-who" },
          "medicationCodeableConcept": { "coding": [{ "system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861007" }] },
          "dosageInstruction": [
            {
              "text": "1.5 tablets twice a day",
              "additionalInstructions": { "text": "with food" },
              "timing": {
                "repeat": {
                  "boundsQuantity": { "value": 10, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d" },
                  "frequency": 2, "period": 1, "periodUnits": "d", "duration": 0.5, "durationUnits": "h", "when": "C"
                }
              },
              "asNeededBoolean": false,
              "route": { "text": "oral" },
              "doseQuantity": { "value": 1.50, "unit": "tablet" },
              "maxDosePerPeriod": { "numerator": { "value": 3 }, "denominator": { "value": 1, "unit": "d" } }
            },
            { "text": "one more at night", "timing": { "event": ["2016-08-16T22:00:00Z"] } }
          ]
        }
        """#

    static let r4OnlyKeys: Set<String> = [
        "subject", "authoredOn", "intent", "requester", "boundsDuration", "periodUnit", "durationUnit", "countMax",
        "dayOfWeek", "timeOfDay", "offset", "doseAndRate", "additionalInstruction", "patientInstruction", "sequence",
    ]
    static let dstu2OnlyKeys: Set<String> = [
        "patient", "dateWritten", "prescriber", "boundsQuantity", "periodUnits", "durationUnits",
        "additionalInstructions",
    ]

    @Test func dstu2OrderBecomesAnR4Request() throws {
        let r4 = try VersionConversion.convert(Support.json(Self.modelledOrder), to: .r4)
        #expect(r4["resourceType"] == "MedicationRequest")
        #expect(r4["intent"] == "order")
        #expect(r4["subject"] == ["reference": "Patient/iris-1", "display": "Iris Mustermann"])
        #expect(r4["authoredOn"] == "2016-08-16")
        #expect(r4["requester"] == ["reference": "Practitioner/dr-who"])
        #expect(r4["meta"] == ["versionId": "4", "lastUpdated": "2016-08-16T10:00:00Z"])
        let dosage = try #require(r4["dosageInstruction"]?[index: 0])
        #expect(dosage["additionalInstruction"] == [["text": "with food"]])
        #expect(dosage["doseAndRate"] == [["doseQuantity": ["value": .number("1.50"), "unit": "tablet"]]])
        let rule = try #require(dosage["timing"]?["repeat"])
        #expect(rule["periodUnit"] == "d")
        #expect(rule["durationUnit"] == "h")
        #expect(rule["duration"] == .number("0.5"))
        #expect(rule["when"] == ["C"])
        #expect(rule["boundsDuration"]?["value"] == 10)
        #expect(Support.allKeys(in: r4).isDisjoint(with: Self.dstu2OnlyKeys))
        #expect(try R4.MedicationRequest(json: r4).json == r4)
    }

    @Test func dstu2ToR4AndBackKeepsTheModelledContent() throws {
        let original = try Support.json(Self.modelledOrder)
        let r4 = try VersionConversion.convert(original, to: .r4)
        let back = try VersionConversion.convert(r4, to: .dstu2)
        #expect(back == original)
        #expect(back.compactText.contains(#""value":1.50"#))
    }

    @Test func orderViewReadsBothVersionsTheSame() throws {
        let dstu2 = try Support.decode(DSTU2.MedicationOrder.self, Self.modelledOrder)
        let view = Order(dstu2)
        var again = Order(view.r4)
        #expect(again.header.resourceType == "MedicationRequest")
        again.header.resourceType = view.header.resourceType
        #expect(again == view)
        #expect(view.intent == "order")
        #expect(view.patient?.reference == "Patient/iris-1")
        #expect(view.authoredOn == "2016-08-16")
        #expect(view.dosages.first?.schedule?.periodUnit == "d")
        #expect(view.dosages.first?.schedule?.when == ["C"])
        #expect(
            view.dosages.first?.schedule?.bounds
                == .duration(Quantity(value: 10, unit: "days", system: "http://unitsofmeasure.org", code: "d")))
    }

    @Test func r4OnlyTimingElementsAreDroppedForDSTU2() throws {
        let dstu2 = try VersionConversion.convert(Support.json(Fixture.r4MedicationRequest), to: .dstu2)
        #expect(Support.allKeys(in: dstu2).isDisjoint(with: Self.r4OnlyKeys))
        #expect(
            Support.keys(of: dstu2) == [
                "resourceType", "id", "meta", "identifier", "dateWritten", "status", "patient", "prescriber",
                "medicationReference",
                "dosageInstruction",
            ])
        let instruction = try #require(dstu2["dosageInstruction"]?[index: 0])
        #expect(
            Support.keys(of: instruction) == [
                "text", "additionalInstructions", "timing", "asNeededCodeableConcept", "route", "doseRange",
                "maxDosePerPeriod",
            ])
        let rule = try #require(instruction["timing"]?["repeat"])
        #expect(Support.keys(of: rule) == ["boundsQuantity", "count", "frequency", "period", "periodUnits", "when"])
        #expect(rule["when"] == "MORN")
        #expect(rule["periodUnits"] == "d")
        #expect(
            rule["boundsQuantity"] == ["value": 10, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"])
        #expect(instruction["additionalInstructions"] == ["text": "Finish the course"])
        #expect(instruction["doseRange"]?["high"]?["value"] == .number("1.50"))
        #expect(dstu2["dateWritten"] == "2019-03-01T08:15:00+01:00")
        #expect(dstu2["patient"] == ["reference": "Patient/iris-1"])
        #expect(try DSTU2.MedicationOrder(json: dstu2).json == dstu2)
    }

    @Test func patientInstructionBecomesTheTextOnlyWhenThereIsNone() throws {
        var dosage = OrderDosage()
        dosage.patientInstruction = "Take with water"
        #expect(dosage.dstu2.text == "Take with water")
        dosage.text = "1 capsule daily"
        #expect(dosage.dstu2.text == "1 capsule daily")
    }

    @Test func r4ToDSTU2AndBackKeepsWhatDSTU2CanSay() throws {
        let original = try Support.decode(R4.MedicationRequest.self, Fixture.r4MedicationRequest)
        let back = try R4.MedicationRequest(
            json: VersionConversion.convert(VersionConversion.convert(original.json, to: .dstu2), to: .r4))
        #expect(back.subject == original.subject)
        #expect(back.authoredOn == original.authoredOn)
        #expect(back.requester == original.requester)
        #expect(back.medication == original.medication)
        #expect(back.intent == "order")
        let rule = try #require(back.dosageInstruction.first?.timing?.repeat)
        #expect(rule.bounds == original.dosageInstruction.first?.timing?.repeat?.bounds)
        #expect(rule.when == ["MORN"])
        #expect(rule.offset == nil && rule.countMax == nil && rule.dayOfWeek.isEmpty)
        #expect(
            back.dosageInstruction.first?.doseAndRate.first?.dose
                == original.dosageInstruction.first?.doseAndRate.first?.dose)
    }

    @Test(
        "R4 statuses DSTU2 lacks",
        arguments: [
            ("active", "active"), ("on-hold", "on-hold"), ("cancelled", "stopped"), ("completed", "completed"),
            ("entered-in-error", "entered-in-error"), ("stopped", "stopped"), ("draft", "draft"), ("unknown", "active"),
        ])
    func statusMapping(_ r4Status: String, _ dstu2Status: String) throws {
        let request: JSONValue = ["resourceType": "MedicationRequest", "status": .string(r4Status), "intent": "order"]
        let dstu2 = try VersionConversion.convert(request, to: .dstu2)
        #expect(dstu2["status"] == .string(dstu2Status))
    }

    @Test func scheduleWithOnlyEventsHasNoRepeat() {
        var schedule = Schedule()
        #expect(schedule.isEmpty)
        schedule.events = ["2016-08-16T08:00:00Z"]
        #expect(schedule.dstu2.repeat == nil)
        #expect(schedule.r4.repeat == nil)
        schedule.frequency = 2
        #expect(schedule.r4.repeat?.frequency == 2)
        #expect(schedule.dstu2.repeat?.frequency == 2)
    }

    /// A repeat saying only what DSTU2 cannot (`timeOfDay`, `dayOfWeek`, `offset`) must not
    /// leave an empty `repeat: {}` behind: FHIR JSON forbids empty objects.
    @Test(
        "R4-only repeat leaves no empty object in DSTU2",
        arguments: [
            #"{"timeOfDay": ["08:00:00"]}"#, #"{"dayOfWeek": ["mon", "thu"]}"#, #"{"offset": 30}"#,
        ])
    func r4OnlyRepeatLeavesNoEmptyObject(_ repeatText: String) throws {
        let text = #"""
            {"resourceType": "MedicationRequest", "status": "active", "intent": "order", "subject": {"reference": "Patient/p"},
             "dosageInstruction": [{"text": "one tablet", "timing": {"repeat": \#(repeatText)}}]}
            """#
        let dstu2 = try VersionConversion.convert(Support.json(text), to: .dstu2)
        #expect(Self.emptyObjectPaths(in: dstu2, at: "MedicationOrder") == [])
    }

    /// Where in `json` an object has no members.
    static func emptyObjectPaths(in json: JSONValue, at path: String) -> [String] {
        switch json {
        case .object(let object) where object.isEmpty: [path]
        case .object(let object): object.members.flatMap { emptyObjectPaths(in: $1, at: "\(path).\($0)") }
        case .array(let elements): elements.enumerated().flatMap { emptyObjectPaths(in: $1, at: "\(path)[\($0)]") }
        default: []
        }
    }

    @Test func sameVersionPassesThrough() throws {
        let dstu2 = try Support.json(Fixture.dstu2MedicationOrder)
        #expect(try VersionConversion.convert(dstu2, to: .dstu2) == dstu2)
        let r4 = try Support.json(Fixture.r4MedicationRequest)
        #expect(try VersionConversion.convert(r4, to: .r4) == r4)
    }
}
