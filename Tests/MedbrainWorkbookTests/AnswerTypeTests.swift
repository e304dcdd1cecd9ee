import Testing

@testable import MedbrainWorkbook

/// A question's answer read as the value its type says, against the lesson's answer.
@Suite("Answer types")
struct AnswerTypeTests {
    @Test(arguments: [
        // A quantity: a bare number is in the question's unit; units of time convert.
        ("quantity h", "6", "6", true), ("quantity h", "6 hours", "6", true), ("quantity h", "6h", "6", true),
        ("quantity h", "360 min", "6", true), ("quantity h", "6.0 hrs", "6", true), ("quantity h", "6 min", "6", false),
        ("quantity h", "4 hours", "6", false), ("quantity h", "6 apples", "6", false),
        ("quantity h", "six", "6", false),
        ("quantity min", "0.5 h", "30", true), ("quantity d", "1 wk", "7", true), ("quantity d", "1 mo", "30", false),
        ("quantity mo", "1 month", "1", true), ("quantity d", "", "7", false),
        // A number: any spelling of it, nothing else.
        ("number", "14", "14", true), ("number", "14.0", "14", true), ("number", " 14 ", "14", true),
        ("number", "14 doses", "14", false), ("number", "15", "14", false), ("number", "1e1", "10", false),
        ("number", "12-11", "12", false), ("number", "-3", "-3", true), ("quantity h", "8-6 h", "8", false),
        // A code and a string keep their case.
        ("code", "ACM", "ACM", true), ("code", "acm", "ACM", false), ("code", " d ", "d", true),
        ("string", "E9Melhoa2Owv", "E9Melhoa2Owv", true), ("string", "e9melhoa2owv", "E9Melhoa2Owv", false),
        // Text, as lessons always compared: without case or spacing.
        ("text", "Thomas  gruber", "Thomas Gruber", true), ("text", "Gruber", "Thomas Gruber", false),
        // A date at the precision of the answer.
        ("date", "2013-03-30", "2013-03-30", true), ("date", "2013-03-30T12:00:00+01:00", "2013-03-30", true),
        ("date", "2013-03", "2013-03-30", false), ("date", "30.03.2013", "2013-03-30", false),
        ("date", "2013-03-29", "2013-03-30", false), ("date", "2013-03-30", "2013-03-30T08:00:00Z", true),
        ("date", "2016-08", "2016-08", true), ("date", "2016-08-16", "2016-08", true),
        ("instant", "2016-08-16T18:00:00Z", "2016-08-16T20:00:00+02:00", true),
        ("instant", "2016-08-16T20:00:00+02:00", "2016-08-16T20:00:00+02:00", true),
        ("instant", "2016-08-16T20:00:00Z", "2016-08-16T20:00:00+02:00", false),
        ("instant", "2016-08-16T20:00:00", "2016-08-16T20:00:00+02:00", false),
        ("instant", "2016-08-16", "2016-08-16T20:00:00+02:00", false),
    ])
    func readsTheAnswerAsItsType(type: String, given: String, accepted: String, expected: Bool) throws {
        #expect(try AnswerType(type).same(given, as: accepted) == expected)
    }

    @Test(arguments: ["quantity", "integer x", "weight", "quantity h min"])
    func anUnknownTypeIsRefusedWhenTheLessonIsRead(text: String) {
        #expect(throws: WorkbookProblem.self) { try AnswerType(text) }
    }
}
