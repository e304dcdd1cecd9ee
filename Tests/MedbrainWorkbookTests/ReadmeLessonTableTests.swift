import Foundation
import Testing

@testable import MedbrainWorkbook

/// The README's lesson table is the workbook's own: each lesson's title, steps and exercises.
@Suite("The README's lesson table")
struct ReadmeLessonTableTests {
    @Test func itListsEveryLessonAsItIs() throws {
        let readme = try String(contentsOfFile: LessonTests.folder + "/../README.md", encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.split(separator: "|").count >= 5 }
            .compactMap { line -> [String]? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return Int(cells[0]) == nil ? nil : Array(cells.prefix(4))
            }
        let lessons = LessonTests.workbook.lessons.map { lesson in
            [String(lesson.number!), lesson.title, String(lesson.steps.count), String(lesson.exercises)]
        }
        #expect(rows == lessons)
    }
}
