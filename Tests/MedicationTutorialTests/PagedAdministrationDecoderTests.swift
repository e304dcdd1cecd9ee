import FHIRModel
import MedicationTutorial
import Testing

@Suite("decoding administrations page by page")
struct PagedAdministrationDecoderTests {
    static func administration(_ id: String, valid: Bool = true) -> JSONValue {
        .object(
            JSONObject([
                ("resourceType", "MedicationAdministration"), ("id", .string(id)), ("status", "completed"),
                ("effectiveDateTime", .string(valid ? "2016-08-16T08:00:00+02:00" : "yesterday")),
            ]))
    }

    /// The resources as a page's are: read from a tape, not yet decoded.
    static func page(_ resources: [JSONValue]) throws -> [JSONNode] {
        try JSONTape(parsing: JSONValue.array(resources).compactBytes).root.items ?? []
    }

    @Test func pagesComeOutInOrderWithoutOtherTypes() async throws {
        var decoder = PagedAdministrationDecoder(ahead: 1)
        for page in 0..<5 {
            let ids = (0..<3).map { "a\(page)-\($0)" }
            await decoder.add(
                try Self.page(ids.map { Self.administration($0) } + [["resourceType": "MedicationRequest"]]))
        }
        let ids = try await decoder.finish().map(\.id)
        #expect(ids == (0..<5).flatMap { page in (0..<3).map { "a\(page)-\($0)" } })
    }

    @Test func anErrorNamesTheItemCountedFromTheFirstPage() async throws {
        var decoder = PagedAdministrationDecoder()
        await decoder.add(try Self.page([Self.administration("a"), Self.administration("b")]))
        await decoder.add(try Self.page([Self.administration("c"), Self.administration("d", valid: false)]))
        let error = await #expect(throws: FHIRDecodingError.self) { try await decoder.finish() }
        #expect(error?.path == "[3].effectiveDateTime", "\(String(describing: error))")
    }

    /// A server's `total` sizes the result, but only up to the caller's limit: a hostile total
    /// must not ask for room it cannot have.
    @Test(arguments: [2, 9_223_372_036_854_775_807, -5])
    func aPageIsDecodedWhateverItsTotalSays(total: Int) async throws {
        let bundle: JSONValue = [
            "resourceType": "Bundle", "type": "searchset", "total": .number(String(total)),
            "entry": [["resource": Self.administration("a")], ["resource": Self.administration("b")]],
        ]
        var decoder = PagedAdministrationDecoder(limit: 10)
        await decoder.add(try SearchsetPage(tape: JSONTape(parsing: bundle.compactBytes)))
        #expect(try await decoder.finish().map(\.id) == ["a", "b"])
    }
}
