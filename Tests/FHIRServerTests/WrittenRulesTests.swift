import FHIRModel
import FHIRValidation
import Foundation
import Testing

/// The rules the specification writes in prose rather than as invariants, each on a resource
/// that keeps it and one that breaks it, in every release that has the elements: the kept one
/// passes, the broken one fails at the element the rule governs.
@Suite("rules written in the specification's prose")
struct WrittenRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let type: String
        let kept: String
        let broken: String
        let place: String
        var testDescription: String { rule }
    }

    /// "Hello world" in base64, 11 bytes; its SHA-1 in base64, worked out by Python's hashlib.
    static let data = "SGVsbG8gd29ybGQ="
    static let sha1 = "e1AsOh9IyGCa4hLN+2Od7jlnP14="

    static func media(_ attachment: String) -> String {
        #"{"resourceType":"DocumentReference","status":"current","content":[{"attachment":\#(attachment)}]}"#
    }

    static func coding(_ system: String) -> String {
        #"{"resourceType":"Patient","maritalStatus":{"coding":[{"system":"\#(system)","code":"x"}]}}"#
    }

    static func contained(_ resources: String) -> String {
        ##"{"resourceType":"Patient","contained":[\##(resources)],"generalPractitioner":[{"reference":"#a"}]}"##
    }

    static func bundle(_ type: String, _ entries: String, link: String = "") -> String {
        let document =
            type == "document"
            ? #","identifier":{"system":"urn:ietf:rfc:3986","value":"urn:uuid:d"},"timestamp":"2020-01-01T00:00:00Z""#
            : ""
        return #"{"resourceType":"Bundle","type":"\#(type)"\#(document)\#(link),"entry":[\#(entries)]}"#
    }

    static let composition =
        #"{"fullUrl":"http://x.org/fhir/Composition/c","resource":{"resourceType":"Composition","id":"c","status":"final","type":{"text":"t"},"date":"2020-01-01","author":[{"display":"a"}],"title":"t","subject":{"reference":"Patient/p"}}}"#
    static func patient(_ fullURL: String, version: String? = nil) -> String {
        let meta = version.map { #","meta":{"versionId":"\#($0)"}"# } ?? ""
        return #"{"fullUrl":"\#(fullURL)","resource":{"resourceType":"Patient","id":"p"\#(meta)}}"#
    }

    static let selfLink = #","link":[{"relation":"self","url":"http://x.org/fhir/Patient?name=a"}]"#
    static let match = #","search":{"mode":"match"}"#

    static let cases: [Case] = [
        Case(
            rule: "Attachment.size", type: "DocumentReference",
            kept: media(#"{"contentType":"text/plain","data":"\#(data)","size":11}"#),
            broken: media(#"{"contentType":"text/plain","data":"\#(data)","size":12}"#),
            place: "DocumentReference.content[0].attachment"),
        Case(
            rule: "Attachment.hash", type: "DocumentReference",
            kept: media(#"{"contentType":"text/plain","data":"\#(data)","hash":"\#(sha1)"}"#),
            broken: media(#"{"contentType":"text/plain","data":"\#(data)","hash":"2jmj7l5rSw0yVb/vlWAYkK/YBwk="}"#),
            place: "DocumentReference.content[0].attachment"),
        Case(
            rule: "Coding.system is absolute", type: "Patient", kept: coding("urn:oid:1.2.3"),
            broken: coding("local-codes"), place: "Patient.maritalStatus.coding[0].system"),
        Case(
            rule: "Coding.system is no ValueSet", type: "Patient", kept: coding("http://example.org/CodeSystem/m"),
            broken: coding("http://hl7.org/fhir/ValueSet/marital-status"),
            place: "Patient.maritalStatus.coding[0].system"),
        Case(
            rule: "a conditional reference is a search", type: "Patient",
            kept:
                #"{"resourceType":"Patient","managingOrganization":{"reference":"Organization?identifier=1&name=a"}}"#,
            broken: #"{"resourceType":"Patient","managingOrganization":{"reference":"Organization?identifier=1&?=="}}"#,
            place: "Patient.managingOrganization.reference"),
        Case(
            rule: "a contained resource has an id", type: "Patient",
            kept: contained(#"{"resourceType":"Practitioner","id":"a"}"#),
            broken: contained(#"{"resourceType":"Practitioner","id":"a"},{"resourceType":"Practitioner"}"#),
            place: "Patient.contained[1]"),
        Case(
            rule: "contained ids are unique", type: "Patient",
            kept: contained(#"{"resourceType":"Practitioner","id":"a"}"#),
            broken: contained(
                #"{"resourceType":"Practitioner","id":"a"},{"resourceType":"Organization","id":"a","name":"o"}"#),
            place: "Patient.contained[1]"),
        Case(
            rule: "fullUrl is absolute", type: "Bundle",
            kept: bundle("collection", patient("urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0")),
            broken: bundle("collection", patient("Patient/p")), place: "Bundle.entry[0].fullUrl"),
        Case(
            rule: "fullUrl agrees with the id", type: "Bundle",
            kept: bundle("collection", patient("http://x.org/fhir/Patient/p")),
            broken: bundle("collection", patient("http://x.org/fhir/Patient/q")), place: "Bundle.entry[0].fullUrl"),
        Case(
            rule: "a document's references are in it", type: "Bundle",
            kept: bundle("document", composition + "," + patient("http://x.org/fhir/Patient/p")),
            broken: bundle("document", composition + "," + patient("http://y.org/fhir/Patient/p")),
            place: "Bundle.entry[0].resource.subject"),
        Case(
            rule: "a document's reference names one entry", type: "Bundle",
            kept: bundle("document", composition + "," + patient("http://x.org/fhir/Patient/p", version: "1")),
            broken: bundle(
                "document",
                composition + "," + patient("http://x.org/fhir/Patient/p", version: "1") + ","
                    + patient("http://x.org/fhir/Patient/p", version: "2")),
            place: "Bundle.entry[0].resource.subject"),
        Case(
            rule: "a search's match is of the type searched", type: "Bundle",
            kept: bundle(
                "searchset",
                #"{"fullUrl":"http://x.org/fhir/Patient/p","resource":{"resourceType":"Patient","id":"p"}\#(match)}"#,
                link: selfLink),
            broken: bundle(
                "searchset",
                #"{"fullUrl":"http://x.org/fhir/Group/p","resource":{"resourceType":"Group","id":"p","type":"person","actual":true}\#(match)}"#,
                link: selfLink),
            place: "Bundle.entry[0].resource"),
        Case(
            rule: "a search's match has an id", type: "Bundle",
            kept: bundle("searchset", #"{"resource":{"resourceType":"Patient","id":"p"}\#(match)}"#, link: selfLink),
            broken: bundle("searchset", #"{"resource":{"resourceType":"Patient"}\#(match)}"#, link: selfLink),
            place: "Bundle.entry[0].resource"),
        Case(
            rule: "a search's outcome is an OperationOutcome", type: "Bundle",
            kept: bundle(
                "searchset",
                #"{"resource":{"resourceType":"OperationOutcome","issue":[{"severity":"information","code":"informational"}]},"search":{"mode":"outcome"}}"#
            ),
            broken: bundle(
                "searchset", #"{"resource":{"resourceType":"Patient","id":"p"},"search":{"mode":"outcome"}}"#),
            place: "Bundle.entry[0].resource"),
    ]

    static func errors(_ text: String, type: String, version: FHIRVersion = .r4) throws -> [ValidationIssue] {
        ResourceValidator(version: version).issues(in: try JSONParser.parse(text), type: type) { _, _ in true }
            .filter(\.isError)
    }

    @Test(arguments: cases)
    func keptPassesAndBrokenFails(_ rule: Case) throws {
        let kept = try Self.errors(rule.kept, type: rule.type)
        #expect(kept.isEmpty, "\(kept.map(\.description))")
        let broken = try Self.errors(rule.broken, type: rule.type)
        #expect(broken.map(\.path) == [rule.place], "\(broken.map(\.description))")
    }

    /// A string of more than 1 MB is refused, one of exactly 1 MB taken; an attachment's data
    /// (base64Binary, not a string) may be longer.
    @Test func attachmentDataMayBeLongerThanOneMegabyte() throws {
        let data = String(repeating: "QUJD", count: 300_000)
        #expect(
            try Self.errors(Self.media(#"{"contentType":"text/plain","data":"\#(data)"}"#), type: "DocumentReference")
                .isEmpty)
    }

    /// A string of more than 1 MB is refused, one of exactly 1 MB taken.
    @Test func aStringIsAtMostOneMegabyte() throws {
        for (length, refused) in [(1_048_576, false), (1_048_577, true)] {
            let text = #"{"resourceType":"Patient","name":[{"text":"\#(String(repeating: "a", count: length))"}]}"#
            #expect(try !Self.errors(text, type: "Patient").isEmpty == refused)
        }
    }

    /// A canonical with `|` names a version after it.
    @Test(arguments: [FHIRVersion.r4, .r4b, .r5])
    func aCanonicalsBarIsFollowedByAVersion(version: FHIRVersion) throws {
        let text = { (url: String) in #"{"resourceType":"Patient","meta":{"profile":["\#(url)"]}}"# }
        #expect(
            try Self.errors(text("http://x.org/StructureDefinition/p|1.0"), type: "Patient", version: version).isEmpty)
        #expect(
            try Self.errors(text("http://x.org/StructureDefinition/p|"), type: "Patient", version: version).map(\.path)
                == ["Patient.meta.profile[0]"])
    }
}

/// Every form of reference a document's Composition may make, against entries with every form
/// of fullUrl: refused exactly when the specification's rules for resolving references in a
/// Bundle, written again here, find no entry or more than one.
@Suite("references inside a document")
struct DocumentReferenceTests {
    static let references = [
        "Patient/p", "Patient/q", "Patient/p/_history/1", "Patient/p/_history/2", "http://x.org/fhir/Patient/p",
        "http://y.org/fhir/Patient/p", "http://x.org/fhir/Patient/p/_history/1", "urn:uuid:a", "urn:uuid:b",
    ]
    static let compositionURLs = ["http://x.org/fhir/Composition/c", "urn:uuid:c"]
    /// Each entry: fullUrl, id, version.
    static let entrySets: [[(String, String, String?)]] = [
        [("http://x.org/fhir/Patient/p", "p", nil)],
        [("http://x.org/fhir/Patient/p", "p", "1")],
        [("http://x.org/fhir/Patient/p", "p", "1"), ("http://x.org/fhir/Patient/p", "p", "2")],
        [("http://y.org/fhir/Patient/p", "p", "1")],
        [("urn:uuid:a", "p", nil)],
        [("urn:uuid:a", "p", nil), ("urn:uuid:b", "p", nil)],
        [("http://x.org/fhir/Patient/p", "p", nil), ("http://y.org/fhir/Patient/p", "p", nil)],
    ]

    /// The oracle: an absolute reference is an entry's fullUrl; a relative one is taken against
    /// the base of the referring entry's RESTful fullUrl, or by type and id when it has none; a
    /// version (`_history`) must be the entry's `meta.versionId`.
    static func expectedMatches(
        _ reference: String, from compositionURL: String, _ entries: [(String, String, String?)]
    )
        -> Int
    {
        let parts = reference.components(separatedBy: "/_history/")
        let (target, version) = (parts[0], parts.count > 1 ? parts[1] : nil)
        let versionFits = { (entry: (String, String, String?)) in version == nil || entry.2 == version }
        if target.hasPrefix("http") || target.hasPrefix("urn:") {
            return entries.filter { $0.0 == target && versionFits($0) }.count
        }
        if compositionURL.hasPrefix("http") {
            let base = compositionURL.replacingOccurrences(of: "/Composition/c", with: "")
            return entries.filter { $0.0 == "\(base)/\(target)" && versionFits($0) }.count
        }
        return entries.filter { "Patient/\($0.1)" == target && versionFits($0) }.count
    }

    @Test(arguments: compositionURLs)
    func everyReferenceFormResolvesAsTheSpecificationSays(compositionURL: String) throws {
        for entries in Self.entrySets {
            for reference in Self.references {
                let patients = entries.map { entry in
                    let meta = entry.2.map { #","meta":{"versionId":"\#($0)"}"# } ?? ""
                    return
                        #"{"fullUrl":"\#(entry.0)","resource":{"resourceType":"Patient","id":"\#(entry.1)"\#(meta)}}"#
                }
                let composition =
                    #"{"fullUrl":"\#(compositionURL)","resource":{"resourceType":"Composition","id":"c","status":"final","type":{"text":"t"},"date":"2020-01-01","author":[{"display":"a"}],"title":"t","subject":{"reference":"\#(reference)"}}}"#
                let bundle = WrittenRulesTests.bundle("document", ([composition] + patients).joined(separator: ","))
                let errors = try WrittenRulesTests.errors(bundle, type: "Bundle")
                    .filter { $0.path == "Bundle.entry[0].resource.subject" }
                let expected = Self.expectedMatches(reference, from: compositionURL, entries)
                #expect(
                    errors.isEmpty == (expected == 1), "\(reference) from \(compositionURL) in \(entries): \(errors)")
            }
        }
    }
}
