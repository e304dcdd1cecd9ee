import FHIRModel
import Testing

@Suite("SearchsetPage: a page's links and resources, unread")
struct SearchsetPageTests {
    static func page(_ text: String) throws -> SearchsetPage {
        try SearchsetPage(tape: JSONTape(parsing: Array(text.utf8)))
    }

    @Test func linksTotalAndResourcesInOrder() throws {
        let page = try Self.page(Fixture.r4SearchBundle)
        let bundle = try Bundle(json: JSONParser.parse(Fixture.r4SearchBundle))
        #expect(page.total == bundle.total)
        #expect(page.link == bundle.link)
        #expect(page.link("next") == bundle.link("next"))
        #expect(page.entryCount == bundle.entry.count)
        #expect(page.resources.map(\.json) == bundle.entry.compactMap(\.resource))
    }

    @Test(
        "a page of the wrong shape names where",
        arguments: [
            (#"{"resourceType": "Patient"}"#, "Bundle.resourceType: expected Bundle, found Patient"),
            (#"[]"#, "Bundle: expected an object, found an array"),
            (#"{"resourceType": "Bundle", "entry": {}}"#, "Bundle.entry: expected an array, found an object"),
            (#"{"resourceType": "Bundle", "entry": [{}, 3]}"#, "Bundle.entry[1]: expected an object, found a number"),
            (
                #"{"resourceType": "Bundle", "entry": [{"resource": "x"}]}"#,
                "Bundle.entry[0].resource: expected an object, found a string"
            ),
            (
                #"{"resourceType": "Bundle", "link": [{"url": 1}]}"#,
                "Bundle.link[0].url: expected a string, found a number"
            ),
        ])
    func wrongShapes(text: String, expected: String) {
        let error = #expect(throws: FHIRDecodingError.self) { try Self.page(text) }
        #expect(error?.description == expected)
    }

    @Test func aPageWithoutEntriesIsEmpty() throws {
        let page = try Self.page(#"{"resourceType": "Bundle", "type": "searchset", "total": 0}"#)
        #expect(page.entryCount == 0)
        #expect(page.resources.isEmpty)
        #expect(page.total == 0)
    }
}
