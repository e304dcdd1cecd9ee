import FHIRModel
import Testing

@testable import MedbrainWorkbook

/// A body a lesson's narrative gives to paste is shown on a line of its own, whole.
@Suite("Bodies in the narrative")
struct NarrativePartTests {
    @Test func aBodyIsSplitFromTheTextAroundIt() {
        #expect(
            NarrativePart.parts(of: #"Post {"a": "}", "b": {"c": 1}}, then read it."#) == [
                .text("Post"), .json(#"{"a": "}", "b": {"c": 1}}"#), .text("then read it."),
            ])
        #expect(NarrativePart.parts(of: "No body {here}.") == [.text("No body {here}.")])
        #expect(NarrativePart.parts(of: #"Unclosed {"a": 1"#) == [.text(#"Unclosed {"a": 1"#)])
    }

    /// Every body of every lesson's narrative is one JSON document, so a paste of its line is one.
    @Test func everyBodyInTheLessonsIsWholeJSON() throws {
        var bodies = 0
        for lesson in LessonTests.workbook.lessons {
            for step in lesson.steps {
                for case .json(let body) in step.narrative.flatMap(NarrativePart.parts) {
                    bodies += 1
                    #expect(throws: Never.self, "\(lesson.id) \(step.title)") { try JSONParser.parse(body) }
                }
            }
        }
        #expect(bodies >= 7)
    }
}
