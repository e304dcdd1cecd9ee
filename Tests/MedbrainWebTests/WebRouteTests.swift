import Testing

@testable import MedbrainWeb

@Suite struct WebRouteTests {
    @Test(arguments: [
        ([], WebRoute.patients), (["patients"], .patients), (["patients", "f001"], .patient("f001")),
        (["resources", "Patient", "f001"], .resource(type: "Patient", id: "f001")), (["events"], .events),
        (["view.css"], .stylesheet), (["view.js"], .script),
    ])
    func knownPaths(parts: [String], route: WebRoute) {
        #expect(WebRoute(parts) == route)
    }

    @Test(arguments: [["fhir"], ["favicon.ico"], ["patients", "f001", "extra"], ["resources", "Patient"]])
    func otherPathsAreLeftToTheServer(parts: [String]) {
        #expect(WebRoute(parts) == nil)
    }

    /// The templates are parsed at the first page, where a mistake would only show as
    /// "template … is missing": every one must parse.
    @Test func everyTemplateParses() throws {
        _ = try WebTemplates.library()
    }

    /// The stylesheet and script are files compiled in; an empty one would be a lost file.
    @Test func theAssetsAreBundled() {
        #expect(WebAssets.stylesheet.contains("--tint: #007aff"))
        #expect(WebAssets.script.hasPrefix("\"use strict\";"))
    }
}
