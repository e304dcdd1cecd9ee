import FHIRModel
import FHIRValidation

/// A QuestionnaireResponse read against the Questionnaire it answers, by the rules the
/// specification gives the two: each item of the response answers the item of the
/// Questionnaire with its `linkId`, at the same place in the tree (an answer's nested items under
/// the question's nested items), and a `completed` response answers every item the
/// Questionnaire marks `required`. An item shown only on a condition (`enableWhen`) is not
/// held to `required`: whether it was shown is not worked out here.
struct QuestionnaireAnswers {
    let questionnaire: JSONValue
    let url: String

    /// The Questionnaire a response answers: a canonical since R4, a Reference before.
    static func questionnaireURL(of response: JSONValue) -> String? {
        response["questionnaire"]?.stringValue ?? response["questionnaire"]?["reference"]?.stringValue
    }

    func issues(in response: JSONValue, at path: String) -> [ValidationIssue] {
        let completed = response["status"]?.stringValue == "completed"
        let answered = Self.items(response["item"], under: path)
        return check(answered, against: questionnaire["item"]?.arrayValue ?? [], at: path, completed: completed)
    }

    /// The response's items under `path` (`item[0]`, …), each with its place.
    private static func items(_ items: JSONValue?, under path: String) -> [(JSONValue, String)] {
        (items?.arrayValue ?? []).enumerated().map { ($0.element, "\(path).item[\($0.offset)]") }
    }

    /// An item's nested items: beneath it (a group's), and beneath each of its answers.
    private static func nested(in item: JSONValue, at path: String) -> [(JSONValue, String)] {
        var found = items(item["item"], under: path)
        for (index, answer) in (item["answer"]?.arrayValue ?? []).enumerated() {
            found += items(answer["item"], under: "\(path).answer[\(index)]")
        }
        return found
    }

    private func check(
        _ answered: [(JSONValue, String)], against items: [JSONValue], at path: String, completed: Bool
    ) -> [ValidationIssue] {
        var byLinkId: [String: JSONValue] = [:]
        for item in items { if let linkId = item["linkId"]?.stringValue { byLinkId[linkId] = item } }
        var issues: [ValidationIssue] = []
        for (answer, place) in answered {
            let linkId = answer["linkId"]?.stringValue ?? ""
            guard let item = byLinkId[linkId] else {
                issues.append(
                    ValidationIssue(
                        path: place,
                        message: "linkId '\(linkId)' is not an item of \(url) here: each item answers one of its items")
                )
                continue
            }
            let children = item["item"]?.arrayValue ?? []
            issues += check(Self.nested(in: answer, at: place), against: children, at: place, completed: completed)
        }
        if completed { issues += unanswered(items, answered: answered.map(\.0), at: path) }
        return issues
    }

    /// The required items among `items` that a completed response leaves without an answer (a
    /// question) or out (a group).
    private func unanswered(_ items: [JSONValue], answered: [JSONValue], at path: String) -> [ValidationIssue] {
        items.compactMap { item in
            guard item["required"] == .bool(true), item["enableWhen"] == nil,
                let linkId = item["linkId"]?.stringValue
            else { return nil }
            let found = answered.filter { $0["linkId"]?.stringValue == linkId }
            let isGroup = item["type"]?.stringValue == "group"
            let done = isGroup ? !found.isEmpty : found.contains { !($0["answer"]?.arrayValue ?? []).isEmpty }
            guard !done else { return nil }
            return ValidationIssue(
                path: path,
                message: "the required item '\(linkId)' of \(url) has no answer, which a completed response must give")
        }
    }
}
