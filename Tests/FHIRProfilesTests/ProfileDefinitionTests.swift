import FHIRModel
import FHIRProfiles
import FHIRValidation
import Testing

/// What a profile brings with it: extensions by their definitions, ValueSets and CodeSystems
/// of its package, the profiles it derives from, and the profiles a resource declares.
@Suite("profile definitions")
struct ProfileDefinitionTests {
    typealias F = ProfileFixtures

    static let level = """
        {"resourceType":"StructureDefinition","url":"\(F.base)level","name":"Level","type":"Extension",\
        "kind":"complex-type","derivation":"constraint","baseDefinition":"http://hl7.org/fhir/StructureDefinition/Extension",\
        "differential":{"element":[{"id":"Extension.url","path":"Extension.url","fixedUri":"\(F.base)level"},\
        {"id":"Extension.value[x]","path":"Extension.value[x]","min":1,"type":[{"code":"integer"}]}]}}
        """
    static let withLevel = F.profile(
        "leveled", of: "Observation",
        [
            #"{"id":"Observation.extension:level","path":"Observation.extension","sliceName":"level","min":1,"type":[{"code":"Extension","profile":["\#(F.base)level"]}]}"#
        ])

    static func leveled(_ value: String) -> String {
        F.observation + #","extension":[{"url":"\#(F.base)level",\#(value)}]}"#
    }

    @Test func anExtensionSliceIsCheckedAgainstItsDefinition() throws {
        #expect(
            try F.errors(Self.leveled(#""valueInteger":2"#), against: "leveled", [Self.level, Self.withLevel]).isEmpty)
        let wrong = try F.errors(Self.leveled(#""valueString":"2""#), against: "leveled", [Self.level, Self.withLevel])
        #expect(wrong.contains { $0.path == "Observation.extension[0].valueString" }, "\(wrong)")
        let missing = try F.errors(F.observation + "}", against: "leveled", [Self.level, Self.withLevel])
        #expect(missing.contains { $0.message.contains("at least 1 in the slice level") }, "\(missing)")
    }

    /// A known extension is checked wherever it is, with no profile asked for.
    @Test func aKnownExtensionIsCheckedWithoutAProfile() throws {
        let validator = try F.validator([Self.level])
        let wrong = validator.issues(in: try JSONParser.parse(Self.leveled(#""valueString":"2""#)))
        #expect(wrong.contains { $0.isError && $0.path == "Observation.extension[0].valueString" }, "\(wrong)")
        #expect(try validator.issues(in: JSONParser.parse(Self.leveled(#""valueInteger":2"#))).isEmpty)
    }

    /// R4's own extensions say where they may be used and whether they are modifiers.
    @Test(
        arguments: [
            (
                #"{"resourceType":"Patient","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-birthPlace","valueAddress":{"city":"Graz"}}]}"#,
                nil
            ),
            (
                #"{"resourceType":"Observation","status":"final","code":{"text":"x"},"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-birthPlace","valueAddress":{"city":"Graz"}}]}"#,
                "may not be used on Observation"
            ),
            (
                #"{"resourceType":"Patient","modifierExtension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-birthPlace","valueAddress":{"city":"Graz"}}]}"#,
                "is not a modifier"
            ),
            (
                #"{"resourceType":"Patient","name":[{"family":"Xu","_family":{"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/humanname-own-name","valueString":"Xu"}]}}]}"#,
                nil
            ),
            (
                #"{"resourceType":"Patient","gender":"male","_gender":{"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/humanname-own-name","valueString":"Xu"}]}}"#,
                "may not be used on Patient.gender"
            ),
        ] as [(String, String?)])
    func extensionsWhereTheirDefinitionsAllow(_ resource: String, _ words: String?) throws {
        let issues = ProfileValidator(resources: ConformanceResources(version: .r4))
            .issues(in: try JSONParser.parse(resource)).filter(\.isError)
        if let words {
            #expect(issues.contains { $0.message.contains(words) }, "\(issues)")
        } else {
            #expect(issues.isEmpty, "\(issues)")
        }
    }

    /// A slice's extension profile may name its version; the extension's url does not.
    @Test func aVersionedExtensionProfile() throws {
        let profile = F.profile(
            "born", of: "Patient",
            [
                #"{"id":"Patient.extension:bp","path":"Patient.extension","sliceName":"bp","min":1,"type":[{"code":"Extension","profile":["http://hl7.org/fhir/StructureDefinition/patient-birthPlace|4.0.1"]}]}"#
            ])
        let patient =
            #"{"resourceType":"Patient","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-birthPlace","valueAddress":{"city":"Graz"}}]}"#
        #expect(try F.errors(patient, against: "born", [profile]).isEmpty)
    }

    /// A CodeSystem may give a concept's parent as a property rather than by nesting.
    @Test func aParentByProperty() throws {
        let flat = """
            {"resourceType":"CodeSystem","url":"\(F.base)levels","status":"active","content":"complete",\
            "concept":[{"code":"low"},{"code":"very-low","property":[{"code":"parent","valueCode":"low"}]},{"code":"high"}]}
            """
        let compose =
            #"{"include":[{"system":"\#(F.base)levels","filter":[{"property":"concept","op":"is-a","value":"low"}]}]}"#
        for (code, isIn) in [("very-low", true), ("high", false)] {
            let resource =
                F.observation + #","interpretation":[{"coding":[{"system":"\#(F.base)levels","code":"\#(code)"}]}]}"#
            let errors = try F.errors(resource, against: "bound", [flat, Self.valueSet(compose), Self.bound])
            #expect(errors.isEmpty == isIn, "\(code): \(errors)")
        }
    }

    static let levels = """
        {"resourceType":"CodeSystem","url":"\(F.base)levels","status":"active","content":"complete",\
        "concept":[{"code":"low","concept":[{"code":"very-low"}]},{"code":"high","concept":[{"code":"very-high"}]},\
        {"code":"none"}]}
        """

    static func valueSet(_ compose: String) -> String {
        #"{"resourceType":"ValueSet","url":"\#(F.base)vs","status":"active","compose":\#(compose)}"#
    }

    static let bound = F.profile(
        "bound", of: "Observation",
        [
            #"{"id":"Observation.interpretation","path":"Observation.interpretation","binding":{"strength":"required","valueSet":"\#(F.base)vs"}}"#
        ])

    /// (compose, code, whether it is in the ValueSet): listed codes, a whole system, `is-a`,
    /// `descendent-of`, `is-not-a`, excludes and imports, each telling codes apart.
    static let compositions: [(String, String, Bool)] = [
        (#"{"include":[{"system":"\#(F.base)levels","concept":[{"code":"low"}]}]}"#, "low", true),
        (#"{"include":[{"system":"\#(F.base)levels","concept":[{"code":"low"}]}]}"#, "high", false),
        (#"{"include":[{"system":"\#(F.base)levels"}]}"#, "very-high", true),
        (#"{"include":[{"system":"\#(F.base)levels"}]}"#, "medium", false),
        (
            #"{"include":[{"system":"\#(F.base)levels","filter":[{"property":"concept","op":"is-a","value":"low"}]}]}"#,
            "low", true
        ),
        (
            #"{"include":[{"system":"\#(F.base)levels","filter":[{"property":"concept","op":"is-a","value":"low"}]}]}"#,
            "very-high", false
        ),
        (
            #"{"include":[{"system":"\#(F.base)levels","filter":[{"property":"concept","op":"descendent-of","value":"low"}]}]}"#,
            "low", false
        ),
        (
            #"{"include":[{"system":"\#(F.base)levels","filter":[{"property":"concept","op":"is-not-a","value":"low"}]}]}"#,
            "none", true
        ),
        (
            #"{"include":[{"system":"\#(F.base)levels"}],"exclude":[{"system":"\#(F.base)levels","concept":[{"code":"none"}]}]}"#,
            "none", false
        ),
        (
            #"{"include":[{"valueSet":["http://hl7.org/fhir/ValueSet/observation-status|4.0.1"]}]}"#,
            "none", false
        ),
    ]

    @Test(arguments: 0..<compositions.count)
    func aBindingToAValueSetOfThePackage(_ index: Int) throws {
        let (compose, code, isIn) = Self.compositions[index]
        let resource =
            F.observation + #","interpretation":[{"coding":[{"system":"\#(F.base)levels","code":"\#(code)"}]}]}"#
        let errors = try F.errors(resource, against: "bound", [Self.levels, Self.valueSet(compose), Self.bound])
        #expect(errors.isEmpty == isIn, "\(compose) \(code): \(errors)")
    }

    /// A ValueSet nobody can expand here is said not to be checked, never taken as kept.
    @Test func aValueSetNotAtHandIsNotChecked() throws {
        let resource = F.observation + #","interpretation":[{"coding":[{"system":"http://loinc.org","code":"x"}]}]}"#
        let issues = try F.validator([Self.bound]).issues(
            in: try JSONParser.parse(resource), profiles: [F.base + "bound"])
        #expect(issues.map(\.severity) == [.information], "\(issues)")
    }

    @Test func aProfileKeepsWhatItsBaseRequires() throws {
        let base = F.profile(
            "base", of: "Observation", [#"{"id":"Observation.subject","path":"Observation.subject","min":1}"#])
        let derived = F.profile(
            "derived", of: "Observation", basedOn: F.base + "base",
            [#"{"id":"Observation.effective[x]","path":"Observation.effective[x]","min":1}"#])
        let errors = try F.errors(
            F.observation + #","effectiveDateTime":"2020"}"#, against: "derived", [base, derived])
        #expect(errors.map(\.path) == ["Observation.subject"], "\(errors)")
        let unknownBase = try F.errors(F.observation + "}", against: "derived", [derived])
        #expect(unknownBase.contains { $0.message.contains("\(F.base)base, which is not known") }, "\(unknownBase)")
    }

    /// A profile the resource declares is checked; one nobody knows is a warning.
    @Test func declaredProfiles() throws {
        let validator = try F.validator([Self.withLevel, Self.level])
        let declared =
            #"{"resourceType":"Observation","meta":{"profile":["\#(F.base)leveled"]},"status":"final","code":{"text":"x"}}"#
        #expect(try validator.issues(in: JSONParser.parse(declared)).contains { $0.isError })
        let unknown = declared.replacingOccurrences(of: "leveled", with: "nobody")
        let issues = validator.issues(in: try JSONParser.parse(unknown))
        #expect(issues.map(\.severity) == [.warning] && issues[0].message.contains("not known"), "\(issues)")
    }

    /// R4's own profiles come with Medbrain: the heart rate profile requires its category.
    @Test func releaseProfiles() throws {
        let validator = ProfileValidator(resources: ConformanceResources(version: .r4))
        let heartRate = """
            {"resourceType":"Observation","meta":{"profile":["http://hl7.org/fhir/StructureDefinition/heartrate"]},\
            "status":"final",CATEGORY"code":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]},\
            "subject":{"reference":"Patient/1"},"effectiveDateTime":"2020-01-01",\
            "valueQuantity":{"value":60,"unit":"beats/minute","system":"http://unitsofmeasure.org","code":"/min"}}
            """
        let category =
            #""category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}],"#
        let kept = validator.issues(
            in: try JSONParser.parse(heartRate.replacingOccurrences(of: "CATEGORY", with: category)))
        #expect(!kept.contains { $0.isError }, "\(kept)")
        let broken = validator.issues(
            in: try JSONParser.parse(heartRate.replacingOccurrences(of: "CATEGORY", with: "")))
        #expect(broken.contains { $0.isError && $0.path == "Observation.category" }, "\(broken)")
    }
}
