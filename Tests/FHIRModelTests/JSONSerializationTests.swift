import FHIRModel
import Testing

/// Writing JSON: compact and pretty forms, string escaping, numbers as written.
@Suite("JSON serialization")
struct JSONSerializationTests {
    static let sample: JSONValue = [
        "resourceType": "Observation",
        "value": .number("1.50"),
        "flags": [true, false, nil],
        "empty": .object(JSONObject()),
        "none": [],
        "nested": ["a": [.number("-0.0")]],
    ]

    @Test func compactFormHasNoWhiteSpace() {
        #expect(
            Self.sample.compactText
                == #"{"resourceType":"Observation","value":1.50,"flags":[true,false,null],"empty":{},"none":[],"nested":{"a":[-0.0]}}"#
        )
    }

    @Test func prettyFormIndentsByTwoSpaces() {
        let expected = """
            {
              "resourceType": "Observation",
              "value": 1.50,
              "flags": [
                true,
                false,
                null
              ],
              "empty": {},
              "none": [],
              "nested": {
                "a": [
                  -0.0
                ]
              }
            }
            """
        #expect(Self.sample.prettyText == expected)
    }

    @Test func byteFormsMatchTextForms() {
        #expect(Self.sample.compactBytes == Array(Self.sample.compactText.utf8))
        #expect(Self.sample.prettyBytes == Array(Self.sample.prettyText.utf8))
    }

    @Test(
        "scalars",
        arguments: [
            (JSONValue.null, "null"), (true, "true"), (false, "false"), (.number("1e3"), "1e3"), ("", #""""#),
        ] as [(JSONValue, String)])
    func scalars(_ value: JSONValue, _ text: String) {
        #expect(value.compactText == text)
        #expect(value.prettyText == text)
    }

    @Test func bothFormsParseBackEqual() throws {
        #expect(try JSONParser.parse(Self.sample.compactText) == Self.sample)
        #expect(try JSONParser.parse(Self.sample.prettyText) == Self.sample)
    }

    @Test func memberOrderIsWrittenAsStored() throws {
        let parsed = try JSONParser.parse(#"{ "z": 1, "a": 2, "m": [3] }"#)
        #expect(parsed.compactText == #"{"z":1,"a":2,"m":[3]}"#)
    }

    @Test func quotesBackslashesAndCommonControlsUseShortEscapes() {
        let value = JSONValue.string("say \"hi\" \\ path/to\nnext\rback\ttab")
        #expect(value.compactText == #""say \"hi\" \\ path/to\nnext\rback\ttab""#)
    }

    @Test func otherControlCharactersUseFourDigitEscapes() {
        let value = JSONValue.string("\u{00}\u{01}\u{08}\u{0B}\u{0C}\u{1F}")
        #expect(value.compactText == #""\u0000\u0001\u0008\u000b\u000c\u001f""#)
    }

    @Test func nonASCIIAndDeleteAreWrittenAsIs() {
        let value = JSONValue.string("Straße 💊 \u{7F} €")
        #expect(value.compactText == "\"Straße 💊 \u{7F} €\"")
    }

    @Test("every control character survives writing and reading", arguments: 0..<0x20)
    func controlCharacterRoundTrip(_ code: Int) throws {
        let text = "a" + String(Character(Unicode.Scalar(UInt8(code)))) + "b"
        let value: JSONValue = ["k": .string(text)]
        #expect(try JSONParser.parse(value.compactText) == value)
        #expect(!value.compactText.utf8.contains { $0 < 0x20 })
    }

    @Test(
        "awkward strings survive writing and reading",
        arguments: [
            "", "\"", "\\", "\\\"", "/", "\\u0041", "💊", "e\u{301}", "line\r\nbreak", "\"quoted\" \\back\\",
        ])
    func stringRoundTrip(_ text: String) throws {
        let value: JSONValue = [.string(text), ["key \(text)": .string(text)]]
        #expect(try JSONParser.parse(value.compactText) == value)
        #expect(try JSONParser.parse(value.prettyText) == value)
    }

    @Test func keysAreEscapedLikeValues() throws {
        let value: JSONValue = ["a\"b\n": 1]
        #expect(value.compactText == #"{"a\"b\n":1}"#)
        #expect(try JSONParser.parse(value.compactText) == value)
    }
}
