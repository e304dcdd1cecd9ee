import FHIRModel
import Testing

/// Text that is not JSON: the error says what and where (line and column, 1-based).
@Suite("JSONParser: syntax errors with line and column")
struct JSONSyntaxErrorTests {
    struct Invalid: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
    }

    static let invalid: [Invalid] = [
        Invalid(
            name: "empty input", text: "", line: 1, column: 1, message: "unexpected end of input, expected a value"),
        Invalid(
            name: "only white space", text: " \n ", line: 2, column: 2,
            message: "unexpected end of input, expected a value"),
        Invalid(
            name: "trailing comma in an array", text: "[1, 2,]", line: 1, column: 7,
            message: "unexpected character ']', expected a value"),
        Invalid(
            name: "trailing comma in an object", text: #"{"a": 1,}"#, line: 1, column: 9,
            message: "expected a member name in quotes"),
        Invalid(
            name: "unterminated string", text: "{\n  \"a\": \"abc", line: 2, column: 12, message: "unterminated string"),
        Invalid(
            name: "unterminated string after an escape", text: #""a\n"#, line: 1, column: 5,
            message: "unterminated string"),
        Invalid(
            name: "duplicate key", text: #"{"a": 1, "a": 2}"#, line: 1, column: 15, message: #"duplicate member "a""#),
        Invalid(
            name: "nested duplicate key", text: "{\"a\": {\n\"id\": 1,\n\"id\": 2}}", line: 3, column: 7,
            message: #"duplicate member "id""#),
        Invalid(
            name: "depth 257", text: String(repeating: "[", count: 257) + String(repeating: "]", count: 257),
            line: 1, column: 257, message: "nesting deeper than 256 levels"),
        Invalid(
            name: "garbage after the value", text: #"{"a": 1} x"#, line: 1, column: 10,
            message: "unexpected text after the end of the document"),
        Invalid(
            name: "second document", text: "{}\n{}", line: 2, column: 1,
            message: "unexpected text after the end of the document"),
        Invalid(
            name: "leading zero", text: "01", line: 1, column: 2,
            message: "unexpected text after the end of the document"),
        Invalid(
            name: "leading zero in an array", text: "[01]", line: 1, column: 3,
            message: "unexpected character '1' in an array, expected ',' or ']'"),
        Invalid(
            name: "negative leading zero", text: "-012", line: 1, column: 3,
            message: "unexpected text after the end of the document"),
        Invalid(name: "lone minus", text: "-", line: 1, column: 2, message: "invalid number: expected a digit"),
        Invalid(
            name: "minus then letter", text: "[-x]", line: 1, column: 3, message: "invalid number: expected a digit"),
        Invalid(
            name: "fraction without digits", text: "1.", line: 1, column: 3,
            message: "invalid number: expected a digit after '.'"),
        Invalid(
            name: "exponent without digits", text: "1e+", line: 1, column: 4,
            message: "invalid number: expected an exponent"),
        Invalid(
            name: "leading dot", text: ".5", line: 1, column: 1, message: "unexpected character '.', expected a value"),
        Invalid(
            name: "leading plus", text: "+1", line: 1, column: 1, message: "unexpected character '+', expected a value"),
        Invalid(
            name: "truncated literal", text: "tru", line: 1, column: 4, message: "invalid literal, expected 'true'"),
        Invalid(
            name: "misspelt literal", text: "[nul]", line: 1, column: 5, message: "invalid literal, expected 'null'"),
        Invalid(
            name: "capitalised literal", text: "True", line: 1, column: 1,
            message: "unexpected character 'T', expected a value"),
        Invalid(
            name: "unknown escape", text: #""a\qb""#, line: 1, column: 5, message: #"invalid escape '\q' in a string"#),
        Invalid(
            name: "raw tab in a string", text: "\"a\tb\"", line: 1, column: 3,
            message: "control character in a string; escape it"),
        Invalid(
            name: "raw newline after an escape", text: "\"\\n\nx\"", line: 1, column: 4,
            message: "control character in a string; escape it"),
        Invalid(
            name: "unpaired high surrogate", text: #""\ud83d""#, line: 1, column: 8,
            message: #"unpaired surrogate in a \u escape"#),
        Invalid(
            name: "high surrogate then non-surrogate", text: #""\ud83d\u0041""#, line: 1, column: 14,
            message: #"unpaired surrogate in a \u escape"#),
        Invalid(name: "lone low surrogate", text: #""\udc8a""#, line: 1, column: 8, message: #"invalid \u escape"#),
        Invalid(
            name: "short hex escape", text: #""\u12""#, line: 1, column: 4,
            message: #"invalid \u escape: expected four hex digits"#),
        Invalid(
            name: "non-hex escape", text: #""\u12G4""#, line: 1, column: 4,
            message: #"invalid \u escape: expected four hex digits"#),
        Invalid(
            name: "sign inside a hex escape", text: #""\u+04A""#, line: 1, column: 4,
            message: #"invalid \u escape: expected four hex digits"#),
        Invalid(
            name: "missing colon", text: #"{"a" 1}"#, line: 1, column: 6,
            message: #"expected ':' after member name "a""#),
        Invalid(name: "unquoted key", text: "{a: 1}", line: 1, column: 2, message: "expected a member name in quotes"),
        Invalid(
            name: "missing comma", text: "[1 2]", line: 1, column: 4,
            message: "unexpected character '2' in an array, expected ',' or ']'"),
        Invalid(
            name: "wrong closing bracket", text: #"{"a": 1]"#, line: 1, column: 8,
            message: "unexpected character ']' in an object, expected ',' or '}'"),
        Invalid(
            name: "unclosed array", text: "[1, 2", line: 1, column: 6,
            message: "unexpected end of input inside an array"),
        Invalid(
            name: "unclosed object", text: #"{"a": 1"#, line: 1, column: 8,
            message: "unexpected end of input inside an object"),
        Invalid(
            name: "column counts characters, not bytes", text: "{\n  \"straße\": tru\n}", line: 2, column: 16,
            message: "invalid literal, expected 'true'"),
        Invalid(
            name: "control byte described in hex", text: "[\u{01}]", line: 1, column: 2,
            message: "unexpected character byte 0x1, expected a value"),
    ]

    @Test("reports", arguments: invalid)
    func reports(_ document: Invalid) throws {
        let error = try #require(Support.syntaxError(document.text))
        #expect(error.message == document.message)
        #expect(error.line == document.line)
        #expect(error.column == document.column)
    }

    @Test func descriptionIsOneLineWithThePlace() throws {
        let error = try #require(Support.syntaxError("{\n  \"a\": \"abc"))
        #expect(error.description == "malformed JSON at line 2, column 12: unterminated string")
    }

    @Test func invalidUTF8InAStringIsRefused() throws {
        let error = try #require(Support.syntaxError(bytes: [0x22, 0x61, 0xFF, 0x22]))
        #expect(error.message == "string is not valid UTF-8")
        #expect(error.line == 1)
    }

    @Test func depthLimitAppliesToObjectsToo() throws {
        let text = String(repeating: #"{"a":"#, count: 257) + "1" + String(repeating: "}", count: 257)
        let error = try #require(Support.syntaxError(text))
        #expect(error.message == "nesting deeper than 256 levels")
        #expect(error.column == 256 * 5 + 1)
    }

    @Test func syntaxErrorsReachResourceReadersUnchanged() throws {
        let failure = try #require(Support.readError(Patient.self, #"{"resourceType": "Patient",}"#))
        guard case .syntax(let error) = failure else {
            Issue.record("expected a syntax error, got \(failure)")
            return
        }
        #expect(error == Support.syntaxError(#"{"resourceType": "Patient",}"#))
        #expect([error.line, error.column] == [1, 28])
        #expect(failure.description == "malformed JSON at line 1, column 28: expected a member name in quotes")
    }
}
