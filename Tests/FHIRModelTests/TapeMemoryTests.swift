import Testing

@testable import FHIRModel

/// A tape's memory at every size: small documents in the allocator's memory, grown past the
/// first guess; large ones mapped, with room for the most tokens they could hold, and cut to
/// what they hold.
@Suite("a tape's memory")
struct TapeMemoryTests {
    /// `[1,1,…]`: a token for every two bytes, the densest a document can be.
    static func dense(_ count: Int) -> String { "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]" }

    /// Administrations as a Bundle has them: objects, strings and numbers.
    static func bundle(_ count: Int) -> JSONValue {
        .array(
            (0..<count).map { index in
                [
                    "resourceType": "MedicationAdministration", "id": .string("a\(index)"), "status": "completed",
                    "dosage": ["dose": ["value": .number("\(index % 3).5"), "unit": "tablet"]],
                ]
            })
    }

    @Test(arguments: [10, 1000, 600_000])
    func aDenseDocumentOfAnySizeIsReadWhole(items: Int) throws {
        let text = Self.dense(items)
        let tape = try JSONTape(parsing: Array(text.utf8))
        #expect(tape.tokens.count == items + 1)
        #expect(tape.root.items?.count == items)
        #expect(tape.root.items?.last?.numberText == "1")
    }

    @Test(arguments: [3, 30_000])
    func aDocumentReadsBackAsItWasWritten(administrations: Int) throws {
        let document = Self.bundle(administrations)
        let bytes = document.compactBytes
        #expect((bytes.count >= TapeMemory.mappedFrom) == (administrations > 1000), "both kinds of memory are tried")
        #expect(try JSONTape(parsing: bytes).value(at: 0) == document)
    }

    @Test func memoryKeepsWhatItMovesAndCuts() {
        for size in [64, TapeMemory.mappedFrom * 2] {
            var memory = TapeMemory(byteCount: size)
            let bytes = memory.start.bindMemory(to: UInt8.self, capacity: size)
            for index in 0..<size { bytes[index] = UInt8(truncatingIfNeeded: index) }
            memory = memory.moved(to: size * 2, keeping: size)
            #expect(memory.byteCount == size * 2)
            memory = memory.trimmed(to: size / 2 + 1)
            #expect(memory.byteCount >= size / 2 + 1 && memory.byteCount <= size * 2)
            let kept = memory.start.bindMemory(to: UInt8.self, capacity: size / 2 + 1)
            #expect((0...size / 2).allSatisfy { kept[$0] == UInt8(truncatingIfNeeded: $0) })
            memory.free()
        }
    }
}
