import FHIRModel
import Testing

/// Valid JSON documents and the values they parse to.
@Suite("JSONParser: valid documents")
struct JSONParserTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: JSONValue
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: "{}", expected: .object(JSONObject())),
        Valid(text: "[]", expected: []),
        Valid(text: "null", expected: nil),
        Valid(text: "true", expected: true),
        Valid(text: "false", expected: false),
        Valid(text: "0", expected: .number("0")),
        Valid(text: "-12", expected: .number("-12")),
        Valid(text: "1.50", expected: .number("1.50")),
        Valid(text: "-0.0", expected: .number("-0.0")),
        Valid(text: "1e3", expected: .number("1e3")),
        Valid(text: "1E+3", expected: .number("1E+3")),
        Valid(text: "2.5e-10", expected: .number("2.5e-10")),
        Valid(text: #""""#, expected: ""),
        Valid(text: #""plain text""#, expected: "plain text"),
        Valid(text: #""q\"b\\s\/b\bf\fn\nr\rt\t""#, expected: "q\"b\\s/b\u{08}f\u{0C}n\nr\rt\t"),
        Valid(text: #""\u0041\u00e9\u00E9\u20AC""#, expected: "Aéé€"),
        Valid(text: #""\ud83d\udc8a pill""#, expected: "💊 pill"),
        Valid(text: #""\uD834\uDD1E""#, expected: "𝄞"),
        Valid(text: #""Hauptstraße 💊""#, expected: "Hauptstraße 💊"),
        Valid(text: #""tab\u0009and nul\u0000""#, expected: "tab\tand nul\u{0}"),
        Valid(text: " \n\t\r{ \"a\" :\n[ 1 ,\t2 ] }\r\n ", expected: ["a": [1, 2]]),
        Valid(text: #"{"a":{"b":[{"c":[null,{"d":"e"}]}]}}"#, expected: ["a": ["b": [["c": [nil, ["d": "e"]]]]]]),
        Valid(text: #"[1,"two",true,null,{},[]]"#, expected: [1, "two", true, nil, .object(JSONObject()), []]),
        Valid(text: #"{"":"empty key","a b":"space"}"#, expected: ["": "empty key", "a b": "space"]),
    ]

    @Test("parses", arguments: valid)
    func parses(_ document: Valid) throws {
        #expect(try JSONParser.parse(document.text) == document.expected)
    }

    @Test func bytesAndStringEntryPointsAgree() throws {
        let text = #"{"status":"active","dose":1.50}"#
        #expect(try JSONParser.parse(Array(text.utf8)) == JSONParser.parse(text))
        #expect(try JSONParser.parse(text.utf8) == JSONParser.parse(text))
    }

    @Test func memberOrderIsKept() throws {
        let object = try #require(try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#).objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [1, 2, 3])
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let array = try #require(try JSONParser.parse("[1.50, 0.5, 1e3, -0.0, 10, 0.100]").arrayValue)
        #expect(
            array == [
                .number("1.50"), .number("0.5"), .number("1e3"), .number("-0.0"), .number("10"), .number("0.100"),
            ])
    }

    @Test func nestingUpToTheMaximumDepthIsAllowed() throws {
        let depth = JSONParser.maximumDepth
        #expect(depth == 256)
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(arrays)
        var levels = 0
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == depth - 1)
        let objects = String(repeating: #"{"a":"#, count: depth) + "0" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try JSONParser.parse(objects) }
    }

    @Test func siblingContainersDoNotAddUpToTheDepthLimit() throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let text = "[" + Array(repeating: deep, count: 3).joined(separator: ",") + "]"
        #expect(try JSONParser.parse(text).arrayValue?.count == 3)
    }

    @Test func accessorsReadTheRightKinds() throws {
        let value = try JSONParser.parse(#"{"s":"x","a":[1],"o":{"k":true}}"#)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["o"]?.objectValue?["k"] == true)
        #expect(value["s"]?.arrayValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["s"] == nil)
        #expect(value.stringValue == nil)
    }

    @Test(
        "kind names",
        arguments: [
            (JSONValue.null, "null"), (true, "a boolean"), (.number("1"), "a number"),
            ("s", "a string"), ([], "an array"), (.object(JSONObject()), "an object"),
        ] as [(JSONValue, String)])
    func kindNames(_ value: JSONValue, _ name: String) {
        #expect(value.kindName == name)
    }
}
