import FHIRModel
import TestSupport
import Testing

/// A tape object's reader rules out most absent members by their length and first letter;
/// whatever the names, it must find exactly the members a tree's reader finds.
@Suite("Member lookup on a tape finds what a tree finds")
struct MemberLookupTests {
    /// Names alike in length and first letter (`status`/`subject`…), prefixes of each other,
    /// non-ASCII and empty ones.
    static let names = [
        "status", "statuz", "stable", "dosage", "dose", "doses", "d", "", "subject", "subjekt",
        "séance", "résumé", "effectiveDateTime", "effectivePeriod", "medicationReference", "id", "ix",
    ]

    /// Asks for every name of ``MemberLookupTests/names`` and notes which are there.
    struct Probe: FHIRElement {
        var present: [Bool] = []

        init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
            present = MemberLookupTests.names.map { reader.has($0) }
            // Reading some members moves where the next search starts; ask again after.
            for name in MemberLookupTests.names.reversed().prefix(5) { _ = reader.node(name) }
            present += MemberLookupTests.names.map { reader.has($0) }
        }

        func write(to writer: inout ElementWriter) {}
    }

    @Test func everyObjectFindsTheSameMembers() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let chosen = Self.names.shuffled(using: &random).prefix(Int.random(in: 0...8, using: &random))
            // Some names written with an escape, which the bytes do not show as the name.
            let members = chosen.map { name in
                let written = Bool.random(using: &random) ? name.replacingOccurrences(of: "s", with: #"\u0073"#) : name
                return "\"\(written)\": \(Int.random(in: 0...9, using: &random))"
            }
            let text = "{" + members.joined(separator: ", ") + "}"
            let expected = Self.names.map { chosen.contains($0) }
            let fromTape = try Probe(node: try JSONTape(parsing: Array(text.utf8)).root, at: .root("x"))
            let fromTree = try Probe(json: try JSONParser.parse(text), path: "x")
            #expect(Array(fromTape.present.prefix(Self.names.count)) == expected, "\(text)")
            #expect(fromTape.present == fromTree.present, "\(text)")
        }
    }

    @Test func hasMemberAnyOfReadsTheNamesOnce() throws {
        let text = #"{"resourceType": "MedicationAdministration", "p\u0061tient": {}}"#
        let tape = try JSONTape(parsing: Array(text.utf8)).root
        #expect(tape.hasMember(anyOf: ["wasNotGiven", "patient"]))
        #expect(!tape.hasMember(anyOf: ["wasNotGiven", "prescription"]))
        #expect(JSONNode.tree(try JSONParser.parse(text)).hasMember(anyOf: ["patient"]))
        #expect(!JSONNode.tree(.array([])).hasMember(anyOf: ["patient"]))
    }
}
