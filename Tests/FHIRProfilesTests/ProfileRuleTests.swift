import FHIRModel
import FHIRProfiles
import FHIRValidation
import Testing

/// Each rule a profile states, on a resource that keeps it and one that breaks it: the first
/// must pass, the second must fail at the place the rule governs, and each fails without the
/// check that enforces it.
@Suite("profile rules")
struct ProfileRuleTests {
    typealias F = ProfileFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let elements: [String]
        let kept: String
        let broken: String
        /// Where the error about `broken` must be, and words it must hold.
        let place: String
        let words: String
        var testDescription: String { rule }
    }

    static let vitalSigns = F.category("vital-signs")
    static let laboratory = F.category("laboratory")

    static let cases: [Case] = [
        Case(
            rule: "min", elements: [#"{"id":"Observation.subject","path":"Observation.subject","min":1}"#],
            kept: F.observation + #","subject":{"reference":"Patient/1"}}"#, broken: F.observation + "}",
            place: "Observation.subject", words: "requires at least 1"),
        Case(
            rule: "max 0", elements: [#"{"id":"Observation.note","path":"Observation.note","max":"0"}"#],
            kept: F.observation + "}", broken: F.observation + #","note":[{"text":"n"}]}"#,
            place: "Observation.note", words: "does not allow this element"),
        Case(
            rule: "fixed", elements: [#"{"id":"Observation.status","path":"Observation.status","fixedCode":"final"}"#],
            kept: F.observation + "}",
            broken: #"{"resourceType":"Observation","status":"amended","code":{"text":"x"}}"#,
            place: "Observation.status", words: "requires exactly \"final\""),
        Case(
            rule: "pattern",
            elements: [
                #"{"id":"Observation.code","path":"Observation.code","patternCodeableConcept":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]}}"#
            ],
            kept:
                #"{"resourceType":"Observation","status":"final","code":{"text":"pulse","coding":[{"system":"http://snomed.info/sct","code":"364075005"},{"system":"http://loinc.org","code":"8867-4","display":"Heart rate"}]}}"#,
            broken:
                #"{"resourceType":"Observation","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"8310-5"}]}}"#,
            place: "Observation.code", words: "requires a value that has"),
        Case(
            rule: "a choice's types",
            elements: [#"{"id":"Observation.value[x]","path":"Observation.value[x]","type":[{"code":"Quantity"}]}"#],
            kept: F.observation + #","valueQuantity":{"value":1}}"#, broken: F.observation + #","valueString":"1"}"#,
            place: "Observation.valueString", words: "does not allow string"),
        Case(
            rule: "a slice by pattern, its minimum",
            elements: [
                #"{"id":"Observation.category","path":"Observation.category","slicing":{"discriminator":[{"type":"pattern","path":"$this"}],"rules":"open"}}"#,
                #"{"id":"Observation.category:VSCat","path":"Observation.category","sliceName":"VSCat","min":1,"max":"1","patternCodeableConcept":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}}"#,
            ],
            kept: F.observation + #","category":[\#(laboratory),\#(vitalSigns)]}"#,
            broken: F.observation + #","category":[\#(laboratory)]}"#,
            place: "Observation.category", words: "at least 1 in the slice VSCat"),
        Case(
            rule: "closed slicing",
            elements: [
                #"{"id":"Observation.category","path":"Observation.category","slicing":{"discriminator":[{"type":"pattern","path":"$this"}],"rules":"closed"}}"#,
                #"{"id":"Observation.category:VSCat","path":"Observation.category","sliceName":"VSCat","patternCodeableConcept":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}}"#,
            ],
            kept: F.observation + #","category":[\#(vitalSigns)]}"#,
            broken: F.observation + #","category":[\#(vitalSigns),\#(laboratory)]}"#,
            place: "Observation.category[1]", words: "fits none of the slices"),
        Case(
            rule: "slices by a value below them, and what each requires",
            elements: [
                #"{"id":"Observation.component","path":"Observation.component","slicing":{"discriminator":[{"type":"value","path":"code.coding.code"}],"rules":"open"}}"#,
                #"{"id":"Observation.component:systolic","path":"Observation.component","sliceName":"systolic","min":1}"#,
                #"{"id":"Observation.component:systolic.code.coding.code","path":"Observation.component.code.coding.code","fixedCode":"8480-6"}"#,
                #"{"id":"Observation.component:systolic.value[x]","path":"Observation.component.value[x]","min":1,"type":[{"code":"Quantity"}]}"#,
                #"{"id":"Observation.component:diastolic","path":"Observation.component","sliceName":"diastolic","min":1}"#,
                #"{"id":"Observation.component:diastolic.code.coding.code","path":"Observation.component.code.coding.code","fixedCode":"8462-4"}"#,
            ],
            kept: F.observation
                + #","component":[{"code":{"coding":[{"code":"8462-4"}]}},{"code":{"coding":[{"code":"8480-6"}]},"valueQuantity":{"value":120}}]}"#,
            broken: F.observation
                + #","component":[{"code":{"coding":[{"code":"8462-4"}]}},{"code":{"coding":[{"code":"8480-6"}]},"valueString":"high"}]}"#,
            place: "Observation.component[1].valueString", words: "does not allow string"),
        Case(
            rule: "a slice by type",
            elements: [
                #"{"id":"Observation.value[x]","path":"Observation.value[x]","slicing":{"discriminator":[{"type":"type","path":"$this"}],"rules":"open"}}"#,
                #"{"id":"Observation.value[x]:valueQuantity","path":"Observation.value[x]","sliceName":"valueQuantity","type":[{"code":"Quantity"}]}"#,
                #"{"id":"Observation.value[x]:valueQuantity.unit","path":"Observation.value[x].unit","min":1}"#,
            ],
            kept: F.observation + #","valueQuantity":{"value":1,"unit":"mg"}}"#,
            broken: F.observation + #","valueQuantity":{"value":1}}"#,
            place: "Observation.valueQuantity.unit", words: "requires at least 1"),
        Case(
            rule: "a slice by whether an element exists",
            elements: [
                #"{"id":"Observation.component","path":"Observation.component","slicing":{"discriminator":[{"type":"exists","path":"value[x]"}],"rules":"open"}}"#,
                #"{"id":"Observation.component:measured","path":"Observation.component","sliceName":"measured","max":"1"}"#,
                #"{"id":"Observation.component:measured.value[x]","path":"Observation.component.value[x]","min":1}"#,
            ],
            kept: F.observation
                + #","component":[{"code":{"text":"a"},"valueBoolean":true},{"code":{"text":"b"}}]}"#,
            broken: F.observation
                + #","component":[{"code":{"text":"a"},"valueBoolean":true},{"code":{"text":"b"},"valueBoolean":false}]}"#,
            place: "Observation.component", words: "at most 1 in the slice measured"),
        Case(
            rule: "a reference's target",
            elements: [
                #"{"id":"Observation.subject","path":"Observation.subject","type":[{"code":"Reference","targetProfile":["http://hl7.org/fhir/StructureDefinition/Patient"]}]}"#
            ],
            kept: F.observation
                + ##","contained":[{"resourceType":"Patient","id":"p"}],"subject":{"reference":"#p"}}"##,
            broken: F.observation + #","subject":{"reference":"https://example.org/fhir/Practitioner/1/_history/2"}}"#,
            place: "Observation.subject", words: "refers to a Practitioner"),
        Case(
            rule: "an invariant of the profile",
            elements: [
                #"{"id":"Observation","path":"Observation","constraint":[{"key":"ex-1","severity":"error","human":"a subject or a focus","expression":"subject.exists() or focus.exists()"}]}"#
            ],
            kept: F.observation + #","focus":[{"reference":"Device/1"}]}"#, broken: F.observation + "}",
            place: "Observation", words: "a subject or a focus"),
        Case(
            rule: "a choice constrained by its typed name",
            elements: [#"{"id":"Observation.valueQuantity","path":"Observation.valueQuantity","min":1}"#],
            kept: F.observation + #","valueQuantity":{"value":1}}"#, broken: F.observation + #","valueString":"1"}"#,
            place: "Observation.valueString", words: "allows valueQuantity"),
        Case(
            rule: "an element below one the differential does not name",
            elements: [
                #"{"id":"Observation.component.code","path":"Observation.component.code","patternCodeableConcept":{"text":"a"}}"#
            ],
            kept: F.observation + #","component":[{"code":{"text":"a"}}]}"#,
            broken: F.observation + #","component":[{"code":{"text":"b"}}]}"#,
            place: "Observation.component[0].code", words: "requires a value that has"),
        Case(
            rule: "a Reference's type when it has no reference",
            elements: [
                #"{"id":"Observation.subject","path":"Observation.subject","type":[{"code":"Reference","targetProfile":["http://hl7.org/fhir/StructureDefinition/Patient"]}]}"#
            ],
            kept: F.observation + #","subject":{"type":"Patient","identifier":{"value":"1"}}}"#,
            broken: F.observation + #","subject":{"type":"Group","identifier":{"value":"1"}}}"#,
            place: "Observation.subject", words: "refers to a Group"),
        Case(
            rule: "a resource element's type",
            elements: [
                #"{"id":"Observation.contained","path":"Observation.contained","type":[{"code":"Patient"}]}"#
            ],
            kept: F.observation
                + ##","contained":[{"resourceType":"Patient","id":"p"}],"focus":[{"reference":"#p"}]}"##,
            broken: F.observation
                + ##","contained":[{"resourceType":"Device","id":"d"}],"focus":[{"reference":"#d"}]}"##,
            place: "Observation.contained[0]", words: "does not allow Device"),
        Case(
            rule: "ordered slices",
            elements: Self.twoSlices(rules: "open", ordered: true),
            kept: F.observation + #","category":[\#(vitalSigns),\#(laboratory)]}"#,
            broken: F.observation + #","category":[\#(laboratory),\#(vitalSigns)]}"#,
            place: "Observation.category[1]", words: "in order"),
        Case(
            rule: "slices open at the end",
            elements: Self.twoSlices(rules: "openAtEnd", ordered: false),
            kept: F.observation + #","category":[\#(vitalSigns),\#(F.category("survey"))]}"#,
            broken: F.observation + #","category":[\#(F.category("survey")),\#(vitalSigns)]}"#,
            place: "Observation.category[1]", words: "only after all that do"),
        Case(
            rule: "a value in a reslice counts in its slice",
            elements: [
                #"{"id":"Observation.category","path":"Observation.category","slicing":{"discriminator":[{"type":"pattern","path":"$this"}],"rules":"open"}}"#,
                #"{"id":"Observation.category:lab","path":"Observation.category","sliceName":"lab","min":1,"patternCodeableConcept":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category"}]}}"#,
                #"{"id":"Observation.category:lab/vital","path":"Observation.category","sliceName":"lab/vital","min":1,"patternCodeableConcept":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}}"#,
            ],
            kept: F.observation + #","category":[\#(vitalSigns)]}"#,
            broken: F.observation + #","category":[\#(laboratory)]}"#,
            place: "Observation.category", words: "in the slice lab/vital"),
        Case(
            rule: "a profile of the type (SimpleQuantity, R4's own)",
            elements: [
                #"{"id":"Observation.value[x]","path":"Observation.value[x]","type":[{"code":"Quantity","profile":["http://hl7.org/fhir/StructureDefinition/SimpleQuantity"]}]}"#
            ],
            kept: F.observation + #","valueQuantity":{"value":1}}"#,
            broken: F.observation + #","valueQuantity":{"value":1,"comparator":"<"}}"#,
            place: "Observation.valueQuantity.comparator", words: "SimpleQuantity does not allow"),
    ]

    /// Category sliced into vital signs, then laboratory.
    static func twoSlices(rules: String, ordered: Bool) -> [String] {
        let system = "http://terminology.hl7.org/CodeSystem/observation-category"
        return [
            #"{"id":"Observation.category","path":"Observation.category","slicing":{"discriminator":[{"type":"pattern","path":"$this"}],"rules":"\#(rules)","ordered":\#(ordered)}}"#,
            #"{"id":"Observation.category:vs","path":"Observation.category","sliceName":"vs","patternCodeableConcept":{"coding":[{"system":"\#(system)","code":"vital-signs"}]}}"#,
            #"{"id":"Observation.category:lab","path":"Observation.category","sliceName":"lab","patternCodeableConcept":{"coding":[{"system":"\#(system)","code":"laboratory"}]}}"#,
        ]
    }

    @Test(arguments: cases)
    func keptPassesAndBrokenFails(_ rule: Case) throws {
        let definitions = [F.profile("p", of: "Observation", rule.elements)]
        let kept = try F.errors(rule.kept, against: "p", definitions)
        #expect(kept.isEmpty, "\(kept)")
        let broken = try F.errors(rule.broken, against: "p", definitions)
        #expect(
            broken.contains { $0.path == rule.place && $0.message.contains(rule.words) },
            "\(broken.map(\.description))")
    }

    /// Without the profile, the broken resource is one the release itself allows: the error
    /// above is the profile's doing.
    @Test(arguments: cases)
    func brokenIsTheProfilesDoing(_ rule: Case) throws {
        let resource = try JSONParser.parse(rule.broken)
        let own = ResourceValidator(version: .r4).issues(in: resource, type: "Observation") { _, _ in true }
        #expect(!own.contains { $0.isError }, "\(own)")
    }
}
