import FHIRModel
import Testing

/// Reading models straight from a tape: member lookup in any order, names written with
/// escapes, duplicates, and search pages read without trees.
@Suite("JSONTape: models read straight from the bytes")
struct JSONTapeTests {
    static func node(_ text: String) throws -> JSONNode {
        try JSONTape(parsing: Array(text.utf8)).root
    }

    @Test func membersAreFoundInAnyOrderAndOnlyOnce() throws {
        let patient = try Patient(
            node: Self.node(#"{"gender": "female", "birthDate": "1974-12-25", "resourceType": "Patient", "id": "p1"}"#),
            at: .root("Patient"))
        #expect(patient.id == "p1")
        #expect(patient.gender == "female")
        #expect(patient.birthDate == "1974-12-25")
        #expect(patient.json == ["resourceType": "Patient", "id": "p1", "gender": "female", "birthDate": "1974-12-25"])
    }

    @Test func unknownMembersAreKeptInOrderWithTheirValues() throws {
        let text = #"{"reference": "Patient/f001", "b": [1.50, {"c": null}], "a": true}"#
        let reference = try Reference(node: Self.node(text), at: .root("Reference"))
        #expect(reference.reference == "Patient/f001")
        #expect(reference.extra.keys == ["b", "a"])
        #expect(reference.extra["b"] == [.number("1.50"), ["c": nil]])
        #expect(reference.extra["a"] == true)
    }

    @Test(
        "names written with escapes or beyond ASCII are the names they spell",
        arguments: [#"{"refer\u0065nce": "Patient/1"}"#, #"{"reference": "Patient/1", "dïsplay": "x"}"#])
    func escapedNames(text: String) throws {
        let reference = try Reference(node: Self.node(text), at: .root("Reference"))
        #expect(reference.reference == "Patient/1")
    }

    @Test(
        "a name given twice is refused, however it is spelled",
        arguments: [#"{"a": 1, "\u0061": 2}"#, #"{"é": 1, "e\u0301": 2}"#, #"{"K": 1, "\u212A": 2}"#])
    func duplicates(text: String) {
        #expect(Support.syntaxError(text)?.message.hasPrefix("duplicate member") == true)
    }

    @Test func stringsWithEscapesAndUnicodeComeOutWhole() throws {
        let node = try Self.node(#"{"text": "M\u00fcller \"Jr.\"\n", "other": "Grüße"}"#)
        #expect(node["text"]?.stringValue == "Müller \"Jr.\"\n")
        #expect(node["other"]?.stringValue == "Grüße")
        #expect(node.member("other", is: "Grüße"))
        #expect(!node.member("text", is: "Müller"))
    }

    @Test func choiceWithTwoFormsIsAnErrorFromATapeToo() throws {
        let text = #"""
            {"resourceType": "MedicationAdministration", "status": "completed",
             "effectiveDateTime": "2016-08-16", "effectivePeriod": {"start": "2016-08-16"}}
            """#
        let error = #expect(throws: FHIRDecodingError.self) {
            try R4.MedicationAdministration(node: Self.node(text), at: .root("MedicationAdministration"))
        }
        #expect(
            error?.description
                == "MedicationAdministration.effective[x]: only one of effectiveDateTime, effectivePeriod may be given")
    }

    /// A tree shares its long member names and resource types (Swift keeps strings over 15
    /// bytes on the heap): a Bundle of many resources holds each once, not once a resource.
    @Test func aTreeSharesLongNamesAndResourceTypes() throws {
        let entry = #"{"resource": {"resourceType": "MedicationAdministration", "effectiveDateTime": "2016-08-16"}}"#
        let escaped = #"{"resource": {"resourceType": "MedicationAdministr\u0061tion", "effectiveDateTime": "x"}}"#
        let bundle = try JSONParser.parse("{\"entry\": [\(entry), \(entry), \(escaped)]}")
        let resources = bundle["entry"]?.arrayValue?.compactMap { $0["resource"]?.objectValue } ?? []
        #expect(resources.count == 3)
        #expect(resources.map { $0["resourceType"] } == Array(repeating: "MedicationAdministration", count: 3))
        #expect(resources.map(\.keys) == Array(repeating: ["resourceType", "effectiveDateTime"], count: 3))
        #expect(Self.storage(resources[0].key(at: 1)) == Self.storage(resources[1].key(at: 1)))
        #expect(
            Self.storage(resources[0]["resourceType"]?.stringValue)
                == Self.storage(resources[1]["resourceType"]?.stringValue))
        // Values other than a resource's type are each their own.
        #expect(resources[0]["effectiveDateTime"] == "2016-08-16")
    }

    /// Where a string's UTF-8 is kept.
    private static func storage(_ string: String?) -> UnsafeRawPointer? {
        guard var string else { return nil }
        return string.withUTF8 { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}
