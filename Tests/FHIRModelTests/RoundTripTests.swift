import FHIRModel
import Testing

/// One fixture decoded through its model type; closures keep the table free of generics.
struct RoundTripCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let resourceType: String
    /// Decodes the text through the model and writes it back as JSON.
    let decode: @Sendable (String) throws -> JSONValue
    /// Whether reading the model's own JSON back gives an equal model.
    let rereadsEqual: @Sendable (String) throws -> Bool
    /// Whether the model read from a tree equals the model read from the text's tape.
    let treeEqualsTape: @Sendable (String) throws -> Bool

    var testDescription: String { name }

    static func of<T: FHIRResource>(_ type: T.Type, _ name: String, _ text: String, as resourceType: String? = nil)
        -> Self
    {
        RoundTripCase(
            name: name, text: text, resourceType: resourceType ?? T.resourceType,
            decode: { try Support.decode(T.self, $0).json },
            rereadsEqual: { text in
                let first = try Support.decode(T.self, text)
                return try T(json: first.json) == first
            },
            treeEqualsTape: { text in
                try T(json: JSONParser.parse(text)) == T(node: JSONTape(parsing: Array(text.utf8)).root, at: .root("x"))
            })
    }

    /// Every resource kind the model reads, in both versions.
    static let all: [RoundTripCase] = [
        .of(Patient.self, "DSTU2 Patient", Fixture.dstu2Patient),
        .of(Patient.self, "R4 Patient", Fixture.r4Patient),
        .of(Medication.self, "DSTU2 Medication", Fixture.dstu2Medication),
        .of(Medication.self, "R4 Medication", Fixture.r4Medication),
        .of(Observation.self, "DSTU2 Observation", Fixture.dstu2Observation),
        .of(Observation.self, "R4 Observation", Fixture.r4Observation),
        .of(Bundle.self, "DSTU2 search Bundle", Fixture.dstu2SearchBundle),
        .of(Bundle.self, "DSTU2 history Bundle", Fixture.dstu2HistoryBundle),
        .of(Bundle.self, "R4 search Bundle", Fixture.r4SearchBundle),
        .of(Bundle.self, "R4 batch-response Bundle", Fixture.r4BatchResponseBundle),
        .of(OperationOutcome.self, "DSTU2 OperationOutcome", Fixture.dstu2OperationOutcome),
        .of(OperationOutcome.self, "R4 OperationOutcome", Fixture.r4OperationOutcome),
        .of(CapabilityStatement.self, "DSTU2 Conformance", Fixture.dstu2Conformance, as: "Conformance"),
        .of(CapabilityStatement.self, "R4 CapabilityStatement", Fixture.r4CapabilityStatement),
        .of(DSTU2.MedicationOrder.self, "DSTU2 MedicationOrder", Fixture.dstu2MedicationOrder),
        .of(R4.MedicationRequest.self, "R4 MedicationRequest", Fixture.r4MedicationRequest),
        .of(
            DSTU2.MedicationAdministration.self, "DSTU2 MedicationAdministration", Fixture.dstu2MedicationAdministration
        ),
        .of(R4.MedicationAdministration.self, "R4 MedicationAdministration", Fixture.r4MedicationAdministration),
    ]
}

/// Every number literal in a document, sorted, so spellings can be compared as a multiset.
private func numberTexts(in json: JSONValue) -> [String] {
    switch json {
    case .number(let text): [text]
    case .array(let elements): elements.flatMap(numberTexts).sorted()
    case .object(let object): object.values.flatMap(numberTexts).sorted()
    default: []
    }
}

@Suite("Lossless round trip of every resource kind")
struct RoundTripTests {
    @Test("decode → .json equals the parsed text", arguments: RoundTripCase.all)
    func decodedJSONEqualsParsedText(_ fixture: RoundTripCase) throws {
        let written = try fixture.decode(fixture.text)
        let parsed = try JSONParser.parse(fixture.text)
        #expect(written == parsed)
    }

    @Test("read from a tree or straight from the tape, the model is the same", arguments: RoundTripCase.all)
    func treeAndTapeReadAlike(_ fixture: RoundTripCase) throws {
        #expect(try fixture.treeEqualsTape(fixture.text))
    }

    @Test("compact and pretty output parse back equal", arguments: RoundTripCase.all)
    func outputReparsesEqual(_ fixture: RoundTripCase) throws {
        let written = try fixture.decode(fixture.text)
        #expect(try JSONParser.parse(written.compactText) == written)
        #expect(try JSONParser.parse(written.prettyText) == written)
        #expect(try JSONParser.parse(written.compactBytes) == written)
    }

    @Test("decoding the compact output again gives the same JSON", arguments: RoundTripCase.all)
    func secondRoundTripIsStable(_ fixture: RoundTripCase) throws {
        let once = try fixture.decode(fixture.text)
        let twice = try fixture.decode(once.compactText)
        #expect(twice == once)
        #expect(try fixture.rereadsEqual(fixture.text))
    }

    @Test("every decimal keeps its spelling", arguments: RoundTripCase.all)
    func decimalsKeepTheirSpelling(_ fixture: RoundTripCase) throws {
        let written = try fixture.decode(fixture.text)
        #expect(numberTexts(in: written) == numberTexts(in: try JSONParser.parse(fixture.text)))
        let compact = written.compactText
        for literal in Support.decimalLiterals {
            #expect(compact.contains(":\(literal)"), "\(literal) missing from \(fixture.name)")
        }
    }

    @Test("the resource type is written back as read", arguments: RoundTripCase.all)
    func resourceTypeIsKept(_ fixture: RoundTripCase) throws {
        let written = try fixture.decode(fixture.text)
        #expect(written["resourceType"] == .string(fixture.resourceType))
    }

    @Test("member order differs from the input only by unknown members moving last")
    func modelledMembersComeFirst() throws {
        let order = try Support.decode(DSTU2.MedicationOrder.self, Fixture.dstu2MedicationOrder)
        let keys = try #require(order.json.objectValue).keys
        #expect(Array(keys.prefix(4)) == ["resourceType", "id", "meta", "identifier"])
        #expect(
            Set(keys.suffix(6)) == [
                "extension", "_dateWritten", "encounter", "reasonCodeableConcept", "dispenseRequest", "substitution",
            ])
    }
}
