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
        var decoder = PagedAdministrationDecoder(limit: 10)
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

    /// Administrations are moved out of their pages, not copied: what comes out must equal
    /// what reading the same resources one by one gives, strings on the heap included, and
    /// stay whole after the pages are gone.
    @Test func movedAdministrationsEqualThoseReadOneByOne() async throws {
        let resources: [JSONValue] = (0..<250).map { index in
            .object(
                JSONObject([
                    ("resourceType", "MedicationAdministration"), ("id", .string("administration-number-\(index)")),
                    ("status", index % 5 == 0 ? "not-done" : "completed"),
                    ("medicationCodeableConcept", ["text": .string("Novalgin 500 mg/ml drops, dose \(index)")]),
                    ("subject", ["reference": "Patient/f001"]),
                    ("effectiveDateTime", .string("2016-08-\(10 + index % 9)T08:\(10 + index % 50):00+02:00")),
                    ("request", ["reference": "MedicationRequest/a-long-order-identifier"]),
                ]))
        }
        let expected = try AdministrationInput(nodes: try Self.page(resources)).administrations
        var decoder = PagedAdministrationDecoder(ahead: 2)
        for start in stride(from: 0, to: resources.count, by: 40) {
            await decoder.add(try Self.page(Array(resources[start..<min(start + 40, resources.count)])))
        }
        let decoded = try await decoder.finish()
        #expect(decoded == expected)
        #expect(decoded.count == 250)
    }

    @Test func noPagesOrEmptyPagesGiveAnEmptyList() async throws {
        var decoder = PagedAdministrationDecoder()
        #expect(try await decoder.finish().isEmpty)
        var another = PagedAdministrationDecoder(limit: 10)
        await another.add(try Self.page([]))
        await another.add(try Self.page([["resourceType": "MedicationRequest"]]))
        #expect(try await another.finish().isEmpty)
    }
}
