import FHIRModel
import Testing

@Suite("text helpers")
struct TextTests {
    static let inclusions: [(String, String, Bool)] = [
        ("application/fhir+json", "fhir", true),
        ("application/json", "fhir", false),
        ("respond-async, handling=strict", "handling=strict", true),
        ("handling=stric", "handling=strict", false),
        ("aab", "ab", true),
        ("", "x", false),
        ("x", "", true),
        ("Müller", "üll", true),
    ]

    @Test(arguments: inclusions)
    func includes(text: String, part: String, expected: Bool) {
        #expect(text.includes(part) == expected)
    }

    static let trims: [(String, String)] = [
        ("  two words \t", "two words"),
        ("\t", ""),
        ("", ""),
        ("kept\n", "kept\n"),
        (" ü ", "ü"),
    ]

    @Test(arguments: trims)
    func trimmingSpaces(text: String, expected: String) {
        #expect(text.trimmingSpaces() == expected)
        #expect(text.isBlank == expected.isEmpty)
    }
}
