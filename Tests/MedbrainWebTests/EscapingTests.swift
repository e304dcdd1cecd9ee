import FHIRModel
import Testing

@testable import MedbrainWeb

/// Names and texts come from students' clients: every page shows them as text, never as markup.
@Suite struct EscapingTests {
    static let hostile = [
        "<script>alert(\"x\")</script>", "\"><img src=x onerror=alert(1)>", "O'Brien & \"Sons\"",
        "</textarea><svg onload=alert(2)>",
    ]

    @Test(arguments: FHIRVersion.allCases)
    func hostileNamesAreShownAsText(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        let family: JSONValue = version == .dstu2 ? .array([.string(Self.hostile[0])]) : .string(Self.hostile[0])
        let created = await harness.fhir(
            "POST", "Patient",
            body: [
                "resourceType": "Patient",
                "name": .array([["family": family, "given": .array(Self.hostile.dropFirst().map { .string($0) })]]),
                "birthDate": "1970-01-01",
            ])
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        let observation = await harness.fhir(
            "POST", "Observation",
            body: [
                "resourceType": "Observation", "status": "final",
                "code": ["text": .string(Self.hostile[1])],
                "subject": ["reference": .string("Patient/\(id)")],
                (version == .dstu2 ? "effectiveDateTime" : "effectiveDateTime"): "2016-08-15T20:00:00+02:00",
                "valueQuantity": ["value": 8000, "unit": .string(Self.hostile[3])],
            ])
        #expect(observation.status == 201)
        for path in ["/", "/patients/\(id)", "/resources/Patient/\(id)"] {
            let html = try #require(try await harness.page(path)).html
            for text in Self.hostile {
                #expect(!html.contains(text), "\(path) shows \(text) as markup")
            }
            #expect(Self.scripts(in: html) == ["<script src=\"/view.js\" defer>"], "\(path)")
            #expect(!html.contains("<img") && !html.contains("<svg onload"), "\(path)")
        }
        let page = try #require(try await harness.page("/patients/\(id)")).html
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(page.contains("O&#39;Brien &amp; &quot;Sons&quot;"))
        #expect(page.contains("&lt;/textarea&gt;&lt;svg onload=alert(2)&gt;"))
    }

    @Test func chartTextIsEscapedForSVG() {
        #expect("<a href='x'>&\"</a>".markupEscaped == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;")
        let svg = ObservationSection.svg(name: "<b>", values: [1, 2], labels: ["<i>", "\"q\""], id: "o")
        #expect(!svg.contains("<b>") && !svg.contains("<i>"))
        #expect(svg.contains("<title id=\"o-title\">&lt;b&gt;</title>"))
    }

    /// Every opening script tag in a page.
    static func scripts(in html: String) -> [String] {
        html.components(separatedBy: "<script").dropFirst().map {
            "<script" + ($0.split(separator: ">").first ?? "") + ">"
        }
    }
}
