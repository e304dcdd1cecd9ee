import FHIRModel
import FHIRProfiles
import FHIRValidation
import TestSupport
import Testing

/// QuestionnaireResponses generated against one Questionnaire (groups, questions with items
/// nested under them, required items, a conditional one), judged by the rules the
/// specification gives the two, written again here: an item of the response answers the item of
/// the Questionnaire with its linkId at the same place, and a completed response answers every
/// required item (not one shown on a condition) wherever its parent was answered.
@Suite("questionnaire responses against their questionnaire")
struct QuestionnaireAnswersTests {
    struct Item {
        let linkId: String
        let type: String
        let required: Bool
        var conditional = false
        var children: [Item] = []
    }

    static let url = "http://example.org/Questionnaire/q"
    static let items: [Item] = [
        Item(
            linkId: "g1", type: "group", required: true,
            children: [
                Item(linkId: "q1", type: "string", required: true),
                Item(linkId: "q2", type: "integer", required: false),
                Item(linkId: "q3", type: "boolean", required: true, conditional: true),
            ]),
        Item(
            linkId: "q4", type: "string", required: true, children: [Item(linkId: "q5", type: "date", required: true)]),
        Item(linkId: "q6", type: "string", required: false),
    ]

    static func json(_ item: Item) -> String {
        let condition =
            item.conditional ? #","enableWhen":[{"question":"q2","operator":"exists","answerBoolean":true}]"# : ""
        let children = item.children.isEmpty ? "" : #","item":[\#(item.children.map(json).joined(separator: ","))]"#
        return
            #"{"linkId":"\#(item.linkId)","text":"t","type":"\#(item.type)","required":\#(item.required)\#(condition)\#(children)}"#
    }

    static let questionnaire =
        #"{"resourceType":"Questionnaire","url":"\#(url)","status":"active","item":[\#(items.map(json).joined(separator: ","))]}"#

    /// A generated response's items, as JSON, with the errors the rules expect of them.
    struct Generated {
        var json: [String] = []
        var expected: Set<String> = []
    }

    /// Items answering `items` (and now and then one that answers nothing here) at `path`, the
    /// place of what holds them: the response, an item, or an item's answer. A required item
    /// left unanswered is reported at `owner`: the response, or the item it is nested in.
    static func answers(
        _ items: [Item], at path: String, owner: String, completed: Bool, _ random: inout SeededGenerator
    ) -> Generated {
        var made = Generated()
        var given: [(Item, Bool)] = []
        for item in items where Int.random(in: 0..<4, using: &random) > 0 {
            let place = "\(path).item[\(made.json.count)]"
            let answered = item.type == "group" ? false : Bool.random(using: &random)
            var inner = Generated()
            var body = #"{"linkId":"\#(item.linkId)""#
            let nestedPlace = answered && Bool.random(using: &random) ? "\(place).answer[0]" : place
            inner = answers(item.children, at: nestedPlace, owner: place, completed: completed, &random)
            let nested = inner.json.isEmpty ? "" : #","item":[\#(inner.json.joined(separator: ","))]"#
            if answered {
                body +=
                    nestedPlace == place
                    ? #","answer":[{"valueString":"a"}]\#(nested)"# : #","answer":[{"valueString":"a"\#(nested)}]"#
            } else {
                body += nested
            }
            made.json.append(body + "}")
            made.expected.formUnion(inner.expected)
            given.append((item, answered))
        }
        if Int.random(in: 0..<5, using: &random) == 0 {
            made.expected.insert("\(path).item[\(made.json.count)]")
            made.json.append(#"{"linkId":"\#(["zz", "q1", "g1"].randomElement(using: &random)!)-elsewhere"}"#)
        }
        if completed {
            for item in items where item.required && !item.conditional {
                let present = given.contains { $0.0.linkId == item.linkId && (item.type == "group" || $0.1) }
                if !present { made.expected.insert(owner) }
            }
        }
        return made
    }

    @Test func generatedResponsesAreJudgedByTheRules() throws {
        let validator = try ProfileFixtures.validator([Self.questionnaire])
        var random = SeededGenerator(seed: 1404)
        for _ in 0..<300 {
            let completed = Bool.random(using: &random)
            let generated = Self.answers(
                Self.items, at: "QuestionnaireResponse", owner: "QuestionnaireResponse", completed: completed, &random)
            let status = completed ? "completed" : "in-progress"
            let response = try JSONParser.parse(
                #"{"resourceType":"QuestionnaireResponse","questionnaire":"\#(Self.url)","status":"\#(status)","item":[\#(generated.json.joined(separator: ","))]}"#
            )
            let found = Set(validator.issues(in: response).filter(\.isError).map(\.path))
            #expect(found == generated.expected, "\(generated.json)")
        }
    }

    /// A response to a Questionnaire that was not added is not judged against one; an STU3
    /// response names its Questionnaire by a Reference.
    @Test func theQuestionnaireIsFoundByItsCanonicalOrReference() throws {
        let validator = try ProfileFixtures.validator([Self.questionnaire], version: .stu3)
        let unknown = try JSONParser.parse(
            #"{"resourceType":"QuestionnaireResponse","questionnaire":{"reference":"http://example.org/Questionnaire/other"},"status":"completed"}"#
        )
        #expect(validator.issues(in: unknown).filter(\.isError).isEmpty)
        let known = try JSONParser.parse(
            #"{"resourceType":"QuestionnaireResponse","questionnaire":{"reference":"\#(Self.url)"},"status":"completed"}"#
        )
        // Its two required items, g1 and q4, are not answered.
        let unanswered = validator.issues(in: known).filter(\.isError)
        #expect(unanswered.map(\.path) == ["QuestionnaireResponse", "QuestionnaireResponse"])
        #expect(unanswered.allSatisfy { $0.message.contains("required item") })
    }
}
