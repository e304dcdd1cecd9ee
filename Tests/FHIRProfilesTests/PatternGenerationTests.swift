import FHIRModel
import FHIRProfiles
import FHIRValidation
import Testing

/// Generated CodeableConcepts against generated `pattern[x]` and `fixed[x]` values and slices,
/// judged by the definitions the specification gives, written here as set logic on codings:
/// a pattern holds when each of its codings is among the value's (with every member it has)
/// and its text, if any, is the value's; a fixed value holds when the value is exactly it.
@Suite("patterns, generated")
struct PatternGenerationTests {
    typealias F = ProfileFixtures

    /// A coding as the test reasons about it.
    struct Coding: Hashable {
        let system: String
        let code: String
        var json: String { #"{"system":"\#(system)","code":"\#(code)"}"# }
    }

    struct Concept {
        let codings: [Coding]
        let text: String?
        var json: String {
            let parts =
                (codings.isEmpty ? [] : [#""coding":[\#(codings.map(\.json).joined(separator: ","))]"#])
                + (text.map { [#""text":"\#($0)""#] } ?? [])
            return "{\(parts.joined(separator: ","))}"
        }
    }

    /// Deterministic numbers, so a failure names a case that can be run again.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let universe = [
        Coding(system: "http://loinc.org", code: "8867-4"), Coding(system: "http://loinc.org", code: "8310-5"),
        Coding(system: "http://snomed.info/sct", code: "364075005"), Coding(system: "http://example.org", code: "a"),
    ]

    static func concept(_ numbers: inout Numbers, texts: [String?]) -> Concept {
        var codings: [Coding] = []
        for _ in 0..<numbers.next(4) {
            let coding = universe[numbers.next(universe.count)]
            if !codings.contains(coding) { codings.append(coding) }
        }
        return Concept(codings: codings, text: texts[numbers.next(texts.count)])
    }

    static func patternHolds(_ pattern: Concept, _ value: Concept) -> Bool {
        Set(pattern.codings).isSubset(of: Set(value.codings)) && (pattern.text == nil || pattern.text == value.text)
    }

    static func fixedHolds(_ fixed: Concept, _ value: Concept) -> Bool {
        fixed.codings == value.codings && fixed.text == value.text
    }

    @Test(arguments: 0..<4)
    func patternsAndFixedValues(_ seed: Int) throws {
        var numbers = Numbers(state: UInt64(seed) &+ 20_261_129)
        for _ in 0..<60 {
            let wanted = Self.concept(&numbers, texts: [nil, nil, "pulse"])
            let value = Self.concept(&numbers, texts: [nil, "pulse", "heart"])
            guard !value.codings.isEmpty || value.text != nil else { continue }
            for (kind, holds) in [
                ("pattern", Self.patternHolds(wanted, value)), ("fixed", Self.fixedHolds(wanted, value)),
            ] {
                let profile = F.profile(
                    "p", of: "Observation",
                    [#"{"id":"Observation.code","path":"Observation.code","\#(kind)CodeableConcept":\#(wanted.json)}"#])
                let resource = #"{"resourceType":"Observation","status":"final","code":\#(value.json)}"#
                let errors = try F.errors(resource, against: "p", [profile])
                #expect(errors.isEmpty == holds, "\(kind) \(wanted.json) on \(value.json): \(errors)")
            }
        }
    }

    /// Values sorted into two slices by pattern and counted: the count the specification's
    /// definition gives decides whether each slice's minimum of one is met.
    @Test(arguments: 0..<4)
    func slicesByPattern(_ seed: Int) throws {
        var numbers = Numbers(state: UInt64(seed) &+ 77)
        let heart = Concept(codings: [Self.universe[0]], text: nil)
        let snomed = Concept(codings: [Self.universe[2]], text: nil)
        let profile = F.profile(
            "s", of: "Observation",
            [
                #"{"id":"Observation.category","path":"Observation.category","slicing":{"discriminator":[{"type":"pattern","path":"$this"}],"rules":"open"}}"#,
                #"{"id":"Observation.category:heart","path":"Observation.category","sliceName":"heart","min":1,"max":"1","patternCodeableConcept":\#(heart.json)}"#,
                #"{"id":"Observation.category:snomed","path":"Observation.category","sliceName":"snomed","min":1,"max":"1","patternCodeableConcept":\#(snomed.json)}"#,
            ])
        for _ in 0..<40 {
            let values = (0..<numbers.next(4)).map { _ in Self.concept(&numbers, texts: [nil, "x"]) }
                .filter { !$0.codings.isEmpty || $0.text != nil }
            let inHeart = values.filter { Self.patternHolds(heart, $0) }
            let inSnomed = values.filter { Self.patternHolds(snomed, $0) }
            // A value in both slices is itself an error, whatever the counts.
            let inBoth = values.contains { Self.patternHolds(heart, $0) && Self.patternHolds(snomed, $0) }
            let conforms = inHeart.count == 1 && inSnomed.count == 1 && !inBoth
            let category = values.isEmpty ? "" : #","category":[\#(values.map(\.json).joined(separator: ","))]"#
            let resource = #"{"resourceType":"Observation","status":"final","code":{"text":"x"}\#(category)}"#
            let errors = try F.errors(resource, against: "s", [profile])
            #expect(errors.isEmpty == conforms, "\(values.map(\.json)): \(errors)")
        }
    }
}
