import FHIRModel
import Testing

/// JSON objects keep member order but compare as unordered sets of members.
@Suite("JSONObject")
struct JSONObjectTests {
    @Test func equalityIgnoresMemberOrder() throws {
        let first = try JSONParser.parse(#"{"a": 1, "b": {"x": [1, 2], "y": null}}"#)
        let second = try JSONParser.parse(#"{"b": {"y": null, "x": [1, 2]}, "a": 1}"#)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test(
        "different objects are unequal",
        arguments: [
            (#"{"a": 1}"#, #"{"a": 2}"#),
            (#"{"a": 1}"#, #"{"b": 1}"#),
            (#"{"a": 1}"#, #"{"a": 1, "b": 2}"#),
            (#"{"a": 1.5}"#, #"{"a": 1.50}"#),
            (#"{"a": [1, 2]}"#, #"{"a": [2, 1]}"#),
            (#"{"a": null}"#, #"{}"#),
            (#"{"a": "1"}"#, #"{"a": 1}"#),
        ])
    func differentObjectsAreUnequal(_ left: String, _ right: String) throws {
        let first = try JSONParser.parse(left)
        let second = try JSONParser.parse(right)
        #expect(first != second)
        #expect(second != first)
    }

    @Test func subscriptReplacesInPlaceAppendsAndRemoves() {
        var object = JSONObject([("a", 1), ("b", 2), ("c", 3)])
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == "two")
        object["d"] = 4
        #expect(object.keys == ["a", "b", "c", "d"])
        object["a"] = nil
        #expect(object.keys == ["b", "c", "d"])
        #expect(object.values == ["two", 3, 4])
        object["missing"] = nil
        #expect(object.count == 3)
        #expect(object.index(of: "c") == 1)
        #expect(object.index(of: "a") == nil)
    }

    @Test func appendKeepsOrderAndMembersPairThem() {
        var object = JSONObject()
        #expect(object.isEmpty)
        object.append("z", true)
        object.append("y", nil)
        #expect(!object.isEmpty)
        #expect(object.members.map(\.0) == ["z", "y"])
        #expect(object.members.map(\.1) == [true, nil])
    }

    @Test func literalsBuildTheSameValuesAsParsing() throws {
        let literal: JSONValue = [
            "name": [["family": ["Doe"], "given": ["Jane"]]], "active": true, "count": 2, "note": nil,
        ]
        let parsed = try JSONParser.parse(
            #"{"note": null, "count": 2, "active": true, "name": [{"given": ["Jane"], "family": ["Doe"]}]}"#)
        #expect(literal == parsed)
    }

    /// FHIR's element and its `_name` sibling (a primitive's id and extensions), in one pass.
    @Test(
        "element finds a value and its extensions",
        arguments: [
            (#"{"status": "completed"}"#, "status", #""completed""#, nil),
            (#"{"_status": {"id": "s"}, "status": "completed"}"#, "status", #""completed""#, #"{"id":"s"}"#),
            (#"{"_status": {"id": "s"}}"#, "status", nil, #"{"id":"s"}"#),
            (#"{"statusReason": 1, "_statusReason": 2, "stat": 3}"#, "status", nil, nil),
            (#"{"a": 1, "_a": 2}"#, "a", "1", "2"),
            (#"{"é": 1, "_é": 2}"#, "é", "1", "2"),
        ] as [(String, String, String?, String?)])
    func elementFindsAValueAndItsExtensions(object: String, name: String, value: String?, extensions: String?)
        throws
    {
        guard case .object(let parsed) = try JSONParser.parse(object) else {
            Issue.record("not an object")
            return
        }
        let found = parsed.element(name)
        #expect(found.value?.compactText == value)
        #expect(found.extensions?.compactText == extensions)
    }

    /// The first of members written twice, as the subscript answers (built by hand: the parser
    /// refuses such a document).
    @Test func elementTakesTheFirstOfTwo() {
        let object = JSONObject([("a", 1), ("_a", 2), ("a", 3), ("_a", 4)])
        #expect(object.element("a").value == 1)
        #expect(object.element("a").extensions == 2)
        #expect(object.element("a").value == object["a"])
    }
}
