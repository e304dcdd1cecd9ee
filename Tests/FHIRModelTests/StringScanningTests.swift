import FHIRModel
import TestSupport
import Testing

/// Strings are scanned eight bytes at a time; wherever a quote, backslash, control character
/// or non-ASCII byte falls in or across those eight, a string must come out whole, and a raw
/// control character must still be refused.
@Suite("Strings scanned eight bytes at a time")
struct StringScanningTests {
    /// Characters that end a plain run, mixed with plain ones.
    static let alphabet: [Character] = [
        "a", "Z", "0", " ", "~", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "€", "😀",
    ]

    @Test func everyStringComesOutAsItWent() throws {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<5_000 {
            // A prefix of 0 to 9 plain bytes moves the string across the eight-byte steps.
            let prefix = String(repeating: "p", count: Int.random(in: 0...9, using: &random))
            let text = String(
                (0..<Int.random(in: 0...40, using: &random)).map { _ in
                    Bool.random(using: &random) ? "x" : Self.alphabet.randomElement(using: &random)!
                })
            let document = JSONValue.array([.string(prefix), .string(text), .string(prefix + text)])
            let tape = try JSONTape(parsing: document.compactBytes)
            #expect(tape.value(at: 0) == document, "\(document.compactText)")
        }
    }

    @Test func aRawControlCharacterIsRefusedWhereverItIs() {
        for position in 0..<24 {
            var bytes = Array(#"["\#(String(repeating: "a", count: 24))"]"#.utf8)
            bytes[2 + position] = 0x07
            #expect(Support.syntaxError(bytes: bytes)?.message == "control character in a string; escape it")
        }
    }
}
