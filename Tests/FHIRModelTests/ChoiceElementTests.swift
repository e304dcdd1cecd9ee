import FHIRModel
import Testing

/// Choice elements (`medication[x]`, `effective[x]`, `bounds[x]`, …) decode into the case the
/// member name says, write back under the same name, and refuse two forms at once.
@Suite("Choice elements")
struct ChoiceElementTests {
    static let concept = #"{"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861007"}]}"#
    static let reference = #"{"reference": "Medication/med-metformin"}"#

    @Test(
        "medication[x] in every resource that has it",
        arguments: [
            "MedicationOrder", "MedicationRequest", "MedicationAdministration DSTU2", "MedicationAdministration R4",
        ])
    func medicationChoice(_ kind: String) throws {
        for (member, isReference) in [("medicationCodeableConcept", false), ("medicationReference", true)] {
            let body = isReference ? Self.reference : Self.concept
            let type = kind.split(separator: " ").first.map(String.init) ?? kind
            let text = #"{"resourceType": "\#(type)", "\#(member)": \#(body)}"#
            let medication: MedicationChoice?
            let written: JSONValue
            switch kind {
            case "MedicationOrder":
                let order = try Support.decode(DSTU2.MedicationOrder.self, text)
                (medication, written) = (order.medication, order.json)
            case "MedicationRequest":
                let request = try Support.decode(R4.MedicationRequest.self, text)
                (medication, written) = (request.medication, request.json)
            case "MedicationAdministration DSTU2":
                let administration = try Support.decode(DSTU2.MedicationAdministration.self, text)
                (medication, written) = (administration.medication, administration.json)
            default:
                let administration = try Support.decode(R4.MedicationAdministration.self, text)
                (medication, written) = (administration.medication, administration.json)
            }
            switch medication {
            case .reference(let value)?:
                #expect(isReference)
                #expect(value.reference == "Medication/med-metformin")
            case .codeableConcept(let value)?:
                #expect(!isReference)
                #expect(value.coding.first?.code == "861007")
            case nil:
                Issue.record("\(member) not read in \(kind)")
            }
            #expect(medication?.suffix == (isReference ? "Reference" : "CodeableConcept"))
            #expect(written == (try Support.json(text)))
        }
    }

    @Test func effectiveDateTimeAndPeriod() throws {
        let instant = try Support.decode(
            Observation.self, #"{"resourceType": "Observation", "effectiveDateTime": "2016-08-16"}"#)
        #expect(instant.effective == .dateTime("2016-08-16"))
        #expect(instant.effective?.startText == "2016-08-16")
        let span = try Support.decode(
            Observation.self, #"{"resourceType": "Observation", "effectivePeriod": {"start": "2016-08-16T08:00:00Z"}}"#)
        #expect(span.effective == .period(Period(start: "2016-08-16T08:00:00Z")))
        #expect(span.effective?.startText == "2016-08-16T08:00:00Z")
    }

    @Test(
        "DSTU2 effectiveTime[x] and R4 effective[x]",
        arguments: [
            ("effectiveTimeDateTime", true), ("effectiveTimePeriod", true), ("effectiveDateTime", false),
            ("effectivePeriod", false),
        ])
    func administrationEffective(_ member: String, _ isDSTU2: Bool) throws {
        let body =
            member.hasSuffix("Period")
            ? #"{"start": "2016-08-16T08:00:00Z", "end": "2016-08-16T08:05:00Z"}"# : #""2016-08-16T08:00:00Z""#
        let text = #"{"resourceType": "MedicationAdministration", "\#(member)": \#(body)}"#
        let effective =
            isDSTU2
            ? try Support.decode(DSTU2.MedicationAdministration.self, text).effectiveTime
            : try Support.decode(R4.MedicationAdministration.self, text).effective
        let expected: DateTimeOrPeriod =
            member.hasSuffix("Period")
            ? .period(Period(start: "2016-08-16T08:00:00Z", end: "2016-08-16T08:05:00Z"))
            : .dateTime("2016-08-16T08:00:00Z")
        #expect(effective == expected)
    }

    static let boundsCases: [(version: String, member: String, body: String, expected: TimingBounds?)] = [
        ("DSTU2", "boundsQuantity", #"{"value": 10, "unit": "d"}"#, .duration(Quantity(value: 10, unit: "d"))),
        (
            "DSTU2", "boundsRange", #"{"low": {"value": 5, "unit": "d"}}"#,
            .range(Range(low: Quantity(value: 5, unit: "d")))
        ),
        ("DSTU2", "boundsPeriod", #"{"start": "2016-08-16"}"#, .period(Period(start: "2016-08-16"))),
        ("DSTU2", "boundsDuration", #"{"value": 10, "unit": "d"}"#, nil),
        ("R4", "boundsDuration", #"{"value": 10, "unit": "d"}"#, .duration(Quantity(value: 10, unit: "d"))),
        (
            "R4", "boundsRange", #"{"high": {"value": 7, "unit": "d"}}"#,
            .range(Range(high: Quantity(value: 7, unit: "d")))
        ),
        ("R4", "boundsPeriod", #"{"end": "2019-03-10"}"#, .period(Period(end: "2019-03-10"))),
        ("R4", "boundsQuantity", #"{"value": 10, "unit": "d"}"#, nil),
    ]

    /// `boundsQuantity` is DSTU2's name and `boundsDuration` R4's; the other version keeps it as unknown.
    @Test("bounds[x] per version", arguments: boundsCases)
    func bounds(_ example: (version: String, member: String, body: String, expected: TimingBounds?)) throws {
        let json = try Support.json(#"{"\#(example.member)": \#(example.body), "frequency": 1}"#)
        let bounds: TimingBounds?
        let written: JSONValue
        let extraKeys: [String]
        if example.version == "DSTU2" {
            let rule = try DSTU2.TimingRepeat(json: json, path: "Timing.repeat")
            (bounds, written, extraKeys) = (rule.bounds, rule.json, rule.extra.keys)
        } else {
            let rule = try R4.TimingRepeat(json: json, path: "Timing.repeat")
            (bounds, written, extraKeys) = (rule.bounds, rule.json, rule.extra.keys)
        }
        #expect(bounds == example.expected)
        #expect(extraKeys == (example.expected == nil ? [example.member] : []))
        #expect(written == json)
    }

    @Test func asNeededAndDoseChoices() throws {
        let text = #"""
            {"resourceType": "MedicationOrder", "dosageInstruction": [
              {"asNeededBoolean": true, "doseQuantity": {"value": 1.50}},
              {"asNeededCodeableConcept": {"text": "pain"}, "doseRange": {"low": {"value": 1}, "high": {"value": 2}}}]}
            """#
        let order = try Support.decode(DSTU2.MedicationOrder.self, text)
        #expect(order.dosageInstruction[0].asNeeded == .boolean(true))
        #expect(order.dosageInstruction[0].dose == .quantity(Quantity(value: FHIRDecimal(text: "1.50"))))
        #expect(order.dosageInstruction[1].asNeeded == .codeableConcept(CodeableConcept(text: "pain")))
        #expect(order.dosageInstruction[1].dose == .range(Range(low: Quantity(value: 1), high: Quantity(value: 2))))
        #expect(order.json == (try Support.json(text)))
    }

    static let twoForms: [(name: String, read: @Sendable (String) -> FHIRReadError?, text: String, expected: String)] =
        [
            (
                "MedicationOrder", { Support.readError(DSTU2.MedicationOrder.self, $0) },
                #"{"resourceType": "MedicationOrder", "medicationCodeableConcept": \#(concept), "medicationReference": \#(reference)}"#,
                "MedicationOrder.medication[x]: only one of medicationCodeableConcept, medicationReference may be given"
            ),
            (
                "MedicationRequest", { Support.readError(R4.MedicationRequest.self, $0) },
                #"{"resourceType": "MedicationRequest", "medicationReference": \#(reference), "medicationCodeableConcept": \#(concept)}"#,
                "MedicationRequest.medication[x]: only one of medicationCodeableConcept, medicationReference may be given"
            ),
            (
                "DSTU2 effectiveTime", { Support.readError(DSTU2.MedicationAdministration.self, $0) },
                #"{"resourceType": "MedicationAdministration", "effectiveTimeDateTime": "2016", "effectiveTimePeriod": {}}"#,
                "MedicationAdministration.effectiveTime[x]: only one of effectiveTimeDateTime, effectiveTimePeriod may be given"
            ),
            (
                "DSTU2 bounds", { Support.readError(DSTU2.MedicationOrder.self, $0) },
                #"{"resourceType": "MedicationOrder", "dosageInstruction": [{"timing": {"repeat": {"boundsQuantity": {}, "boundsPeriod": {}}}}]}"#,
                "MedicationOrder.dosageInstruction[0].timing.repeat.bounds[x]: only one of boundsQuantity, boundsPeriod may be given"
            ),
            (
                "R4 dose", { Support.readError(R4.MedicationRequest.self, $0) },
                #"{"resourceType": "MedicationRequest", "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {}, "doseRange": {}}]}]}"#,
                "MedicationRequest.dosageInstruction[0].doseAndRate[0].dose[x]: only one of doseQuantity, doseRange may be given"
            ),
            (
                "Observation effective", { Support.readError(Observation.self, $0) },
                #"{"resourceType": "Observation", "effectiveDateTime": "2016", "effectivePeriod": {}}"#,
                "Observation.effective[x]: only one of effectiveDateTime, effectivePeriod may be given"
            ),
        ]

    @Test("two forms at once is an error naming the choice", arguments: twoForms)
    func twoFormsAtOnce(
        _ example: (name: String, read: @Sendable (String) -> FHIRReadError?, text: String, expected: String)
    ) throws {
        let failure = try #require(example.read(example.text))
        #expect(failure.description == example.expected)
    }
}
