import FHIRModel
import TestSupport
import Testing

@testable import FHIRValidation

/// The specification's invariants, run by the FHIRPath engine wherever Medbrain validates.
/// Timing.repeat's rules are checked on generated repeats against a definition written here
/// from the rules' human text (not from their FHIRPath), and each other kind of rule has a
/// case that fails without it.
@Suite("invariants")
struct InvariantTests {
    static let releases: [FHIRVersion] = [.r4, .r4b, .r5]

    @Test(arguments: releases)
    func everyInvariantAndFormatIsRead(version: FHIRVersion) {
        let release = version.release
        #expect(release.invariants.all.count > 200)
        let unreadable = CompiledInvariants.releases[version].unreadable
        #expect(unreadable.isEmpty, "\(unreadable.map { "\($0.invariant.key): \($0.error.message)" })")
        #expect(FormatCheck.releases[version].count == release.primitiveFormats.patterns.count)
        #expect(release.primitiveFormats.patterns.count >= 18)
    }

    /// STU3's and DSTU2's StructureDefinitions are not on PyPI: they have no invariants, and
    /// one format, `id`'s, whose words are the same in every release.
    @Test(arguments: [FHIRVersion.stu3, .dstu2])
    func releasesWithoutDefinitionsHaveOnlyTheIdFormat(version: FHIRVersion) {
        #expect(version.release.invariants.all.isEmpty)
        #expect(Array(version.release.primitiveFormats.patterns.keys) == ["id"])
    }

    /// A resource's id in every release, generated over letters, digits, "-", ".", and characters
    /// outside them, at lengths around 64, against the definition's words: "any combination of
    /// letters, numerals, '-' and '.', with a length limit of 64 characters".
    @Test(arguments: FHIRVersion.allCases)
    func resourceIdsFollowTheIdDefinition(version: FHIRVersion) throws {
        var random = SeededGenerator(seed: 64)
        let alphabet = Array("aZ09-._ /é:")
        for _ in 0..<120 {
            let length = [0, 1, 2, 63, 64, 65].randomElement(using: &random)!
            let id = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
            let valid = (1...64).contains(id.count) && id.allSatisfy(allowed.contains)
            let resource: JSONValue = .object(JSONObject([("resourceType", "Basic"), ("id", .string(id))]))
            let issues = ResourceValidator(version: version).issues(in: resource, type: "Basic") { _, _ in true }
            let idRefused = issues.contains { $0.isError && $0.path == "Basic.id" }
            #expect(idRefused == !valid, "\(version) id \"\(id)\": \(issues)")
        }
    }

    /// An element's id is a string in every release (R4B's definition says `id`, which its own
    /// StructureDefinitions' element ids, `Extension.value[x]`, could not be; the table
    /// corrects it), while a resource's id keeps the `id` format.
    @Test(arguments: FHIRVersion.allCases)
    func elementIdsAreStrings(version: FHIRVersion) throws {
        let text = #"{"resourceType":"Basic","id":"b","code":{"id":"Extension.value[x]","text":"x"}}"#
        let issues = ResourceValidator(version: version).issues(in: try JSONParser.parse(text), type: "Basic") { _, _ in
            true
        }
        #expect(!issues.contains { $0.isError && $0.path.hasPrefix("Basic.code") }, "\(issues)")
    }

    static func keys(_ value: JSONValue, _ type: String, _ version: FHIRVersion) -> Set<String> {
        Set(ResourceValidator(version: version).invariantIssues(in: value, type: type).compactMap(\.rule))
    }

    /// Timing.repeat's rules as the specification's human text words them.
    static func expectedBroken(_ repetition: JSONObject) -> Set<String> {
        func has(_ name: String) -> Bool { repetition[name] != nil }
        func number(_ name: String) -> Double? {
            repetition[name].flatMap { if case .number(let t) = $0 { Double(t) } else { nil } }
        }
        let whens = repetition["when"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var broken: Set<String> = []
        if has("duration") && !has("durationUnit") { broken.insert("tim-1") }
        if has("period") && !has("periodUnit") { broken.insert("tim-2") }
        if let duration = number("duration"), duration < 0 { broken.insert("tim-4") }
        if let period = number("period"), period < 0 { broken.insert("tim-5") }
        if has("periodMax") && !has("period") { broken.insert("tim-6") }
        if has("durationMax") && !has("duration") { broken.insert("tim-7") }
        if has("countMax") && !has("count") { broken.insert("tim-8") }
        if has("offset") && (whens.isEmpty || whens.contains { ["C", "CM", "CD", "CV"].contains($0) }) {
            broken.insert("tim-9")
        }
        if has("timeOfDay") && has("when") { broken.insert("tim-10") }
        return broken
    }

    static func generatedRepeat(_ random: inout SeededGenerator) -> JSONObject {
        var repetition = JSONObject()
        let numbers: [JSONValue] = [.number("0"), .number("1"), .number("2.5"), .number("-1")]
        let picks: [(String, [JSONValue])] = [
            ("duration", numbers), ("durationUnit", ["min", "h"]), ("durationMax", [.number("3")]),
            ("period", numbers), ("periodUnit", ["d", "wk"]), ("periodMax", [.number("2")]),
            ("count", [.number("1"), .number("4")]), ("countMax", [.number("6")]), ("frequency", [.number("2")]),
            ("offset", [.number("0"), .number("30")]),
            ("when", [["MORN"], ["C"], ["ACM", "PCV"], ["CV", "HS"], ["EVE", "NIGHT"]]),
            ("timeOfDay", [["08:00:00"], ["08:00:00", "20:00:00"]]),
        ]
        for (name, values) in picks where Int.random(in: 0..<3, using: &random) == 0 {
            repetition[name] = values[Int.random(in: 0..<values.count, using: &random)]
        }
        if repetition.isEmpty { repetition["frequency"] = .number("1") }
        return repetition
    }

    @Test(arguments: releases)
    func timingRepeatRulesAgreeWithTheirText(version: FHIRVersion) {
        var random = SeededGenerator(seed: 45)
        var seen: Set<String> = []
        for _ in 0..<600 {
            let repetition = Self.generatedRepeat(&random)
            let timing = JSONValue.object(JSONObject([("repeat", .object(repetition))]))
            let expected = Self.expectedBroken(repetition)
            let found = Self.keys(timing, "Timing", version)
            #expect(found == expected, "\(String(decoding: timing.compactBytes, as: UTF8.self))")
            seen.formUnion(expected)
        }
        // Every rule was both kept and broken somewhere in the generated repeats.
        #expect(seen == ["tim-1", "tim-2", "tim-4", "tim-5", "tim-6", "tim-7", "tim-8", "tim-9", "tim-10"])
    }

    /// One case per other kind of rule: on a datatype, on an element of a type (a profile's,
    /// on `Extension`), on a resource that reads `%resource`, on a contained resource that
    /// reads `%rootResource`, and one whose release expression is corrected.
    static let cases: [(FHIRVersion, String, String?)] = [
        (
            .r4,
            #"{"resourceType":"Basic","code":{"text":"x"},"extension":[{"url":"http://x","valueString":"a","extension":[{"url":"y","valueString":"b"}]}]}"#,
            "ext-1"
        ),
        (.r4, #"{"resourceType":"Basic","code":{"text":"x"},"extension":[{"url":"http://x","valueString":"a"}]}"#, nil),
        (
            .r4, #"{"resourceType":"Basic","code":{"text":"x"},"contained":[{"resourceType":"Patient","id":"p"}]}"#,
            "dom-3"
        ),
        (
            .r4,
            ##"{"resourceType":"Basic","code":{"text":"x"},"contained":[{"resourceType":"Patient","id":"p"}],"subject":{"reference":"#p"}}"##,
            nil
        ),
        (.r4, ##"{"resourceType":"Basic","code":{"text":"x"},"subject":{"reference":"#nobody"}}"##, "ref-1"),
        (.r4, #"{"resourceType":"Basic","code":{"text":"x"},"subject":{"identifier":{"value":"1"}}}"#, nil),
        (.r5, #"{"resourceType":"Basic","code":{"text":"x"},"subject":{"identifier":{"value":"1"}}}"#, nil),
        (
            .r4,
            #"{"resourceType":"Observation","status":"final","code":{"text":"x"},"valueQuantity":{"value":1,"code":"mg"}}"#,
            "qty-3"
        ),
        (.r4, #"{"resourceType":"Basic","code":{"text":"x"},"created":"2016-08-16"}"#, nil),
        (
            .r4,
            #"{"resourceType":"Encounter","status":"planned","class":{"code":"x"},"period":{"start":"2016-08-17T00:00:00Z","end":"2016-08-16T00:00:00Z"}}"#,
            "per-1"
        ),
        (
            .r4,
            #"{"resourceType":"Questionnaire","status":"draft","item":[{"linkId":"1","type":"string","enableWhen":[{"question":"a","operator":"exists","answerBoolean":true},{"question":"b","operator":"exists","answerBoolean":true}]}]}"#,
            "que-12"
        ),
        (
            .r4,
            #"{"resourceType":"MedicationRequest","status":"active","intent":"order","subject":{"reference":"Patient/1"},"medicationCodeableConcept":{"text":"x"},"dosageInstruction":[{"timing":{"repeat":{"boundsDuration":{"value":5,"system":"http://example.org","code":"d"}}}}]}"#,
            "drt-1"
        ),
    ]

    /// The narrative's XHTML, by the rules of the Narrative page that `htmlChecks()` answers.
    static let narratives: [(String, Bool)] = [
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>Take <b>one</b> tablet<br/>daily</p></div>"##, true),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><img src=\"#a\" alt=\"chart\"/></div>"##, true),
        (
            ##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><!-- generated --><table><tr><td>1</td></tr></table></div>"##,
            true
        ),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script>x</div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p onclick=\"go()\">x</p></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>x</pa></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\">   </div>"##, false),
        (##"<div><p>no namespace</p></div>"##, false),
        (##"<!DOCTYPE div><div xmlns=\"http://www.w3.org/1999/xhtml\">x</div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><a href=\"javascript:go()\">x</a></div>"##, false),
        (##"<div xmlns = \"http://www.w3.org/1999/xhtml\"><p title=\"learn javascript: basics\">x</p></div>"##, true),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>a &amp; b<![CDATA[ c ]]></p></div>"##, true),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><a title=\">\" href=\"javascript:go()\">x</a></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><img src=\"x\"onerror=\"go()\"/></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><a href=\"&#106;avascript:go()\">x</a></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><a href=\"java&#x09;script:go()\">x</a></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><svg/onload=go()/></div>"##, false),
        (##"<div xmlns=\"HTTP://WWW.W3.ORG/1999/XHTML\">x</div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>a & b</p></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p class=x>a</p></div>"##, false),
        (##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><video>a</video></div>"##, false),
        (
            ##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><td style=\"background-image: url(data:image/png;base64,iVBO)\">a</td></div>"##,
            true
        ),
        (
            ##"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p style=\"background: url( 'javascript:go()')\">a</p></div>"##,
            false
        ),
    ]

    @Test(arguments: 0..<narratives.count)
    func narrativesKeepTheNarrativeRules(index: Int) throws {
        let (div, allowed) = Self.narratives[index]
        let text = #"{"resourceType":"Basic","code":{"text":"x"},"text":{"status":"generated","div":"\#(div)"}}"#
        let resource = try JSONParser.parse(text)
        let keys = Set(ResourceValidator(version: .r4).invariantIssues(in: resource, type: "Basic").compactMap(\.rule))
        #expect(keys == (allowed ? [] : ["txt-1", "txt-2"]), "\(div)")
    }

    /// A primitive's `_name` sibling holds elements of its own, checked as any others.
    @Test func extensionsOfAPrimitiveAreChecked() throws {
        let text =
            #"{"resourceType":"Practitioner","birthDate":"2000-01-01","_birthDate":{"extension":[{"url":"http://x","valueString":"a","extension":[{"url":"http://y","valueString":"b"}]}]}}"#
        let issues = ResourceValidator(version: .r4).issues(in: try JSONParser.parse(text), type: "Practitioner") {
            _, _ in true
        }
        #expect(
            issues.map(\.description) == [
                "Practitioner.birthDate.extension[0]: ext-1: Must have either extensions or value[x], not both"
            ])
    }

    @Test(arguments: 0..<cases.count)
    func eachKindOfRuleIsRun(index: Int) throws {
        let (version, text, rule) = Self.cases[index]
        let resource = try JSONParser.parse(text)
        let type = resource["resourceType"]?.stringValue ?? ""
        let issues = ResourceValidator(version: version).issues(in: resource, type: type) { _, _ in true }
        let keys = Set(issues.filter(\.isError).compactMap(\.rule))
        #expect(keys == Set(rule.map { [$0] } ?? []), "\(issues)")
        #expect(issues.filter(\.isError).allSatisfy { $0.rule != nil }, "\(issues)")
    }
}

/// The built-in server refuses a write that breaks an invariant with 422, each issue naming its
/// rule, its severity and its place as HL7's validator does; nothing is stored.
@Suite("invariants on the server")
struct InvariantServerTests {
    @Test func anOffsetWithoutWhenIsRefusedWithItsRule() async throws {
        try await withServer(.r4) { client in
            let body =
                #"{"resourceType":"MedicationRequest","status":"active","intent":"order","subject":{"reference":"Patient/f001"},"medicationCodeableConcept":{"text":"x"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","offset":30}}}]}"#
            let response = try await client.send("POST", "MedicationRequest", body: body)
            #expect(response.status == 422)
            let issue = response.json?["issue"]?.arrayValue?.first
            #expect(issue?["code"] == "invariant")
            #expect(issue?["severity"] == "error")
            #expect(issue?["expression"] == ["MedicationRequest.dosageInstruction[0].timing.repeat"])
            #expect(issue?["diagnostics"]?.stringValue?.contains("tim-9: If there's an offset") == true)
            let fixed = body.replacingOccurrences(of: #""offset":30"#, with: #""offset":30,"when":["MORN"]"#)
            #expect(try await client.send("POST", "MedicationRequest", body: fixed).status == 201)
        }
    }

    /// The id an update stores under is the URL's, and is checked as the resource's own would be,
    /// by every route: a PUT, and a transaction's PUT, whose body may not name another.
    @Test func anUpdatesIdIsCheckedOnEveryRoute() async throws {
        try await withServer(.r4) { client in
            let put = try await client.send("PUT", "Patient/bad_id", body: #"{"resourceType":"Patient"}"#)
            #expect(put.status == 422)
            #expect(put.outcomeText.contains("\"bad_id\" is not a valid id"), "\(put.outcomeText)")
            let transaction =
                #"{"resourceType":"Bundle","type":"transaction","entry":[{"resource":{"resourceType":"Patient","id":"good"},"request":{"method":"PUT","url":"Patient/other"}}]}"#
            let mismatch = try await client.send("POST", "", body: transaction)
            #expect(mismatch.status == 400)
            #expect(mismatch.outcomeText.contains("does not match the URL's 'other'"), "\(mismatch.outcomeText)")
            #expect(try await client.send("GET", "Patient/other").status == 404)
        }
    }
}
