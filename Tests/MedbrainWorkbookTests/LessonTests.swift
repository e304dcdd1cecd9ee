import FHIRModel
import Foundation
import MedbrainREPL
import Testing

@testable import MedbrainWorkbook

/// Every lesson in `lessons/`, solved step by step through its own checks.
@Suite("Lessons", .serialized)
struct LessonTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("lessons").path
    static let workbook = Workbook.load(from: folder)

    @Test func everyLessonFileReads() {
        #expect(Self.workbook.problems == [])
        #expect(Self.workbook.lessons.map(\.number) == Array(0...8))
    }

    /// Before its commands a step's check fails (so it can fail); after them the lesson moves on.
    @Test(arguments: workbook.lessons.map(\.id))
    func theSolutionPassesEveryCheck(id: String) async throws {
        let printed = Printed()
        let repl = REPL(console: Console(width: 80, output: printed.append, error: printed.append))
        let lessons = LessonCommands(workbook: Self.workbook, progressPath: nil)
        repl.extensions = [lessons]
        let lesson = try #require(Self.workbook.lesson(id))
        #expect(await repl.execute("lesson \(id)"), "\(printed.text)")
        for (index, step) in lesson.steps.enumerated() {
            #expect(lessons.currentStep()?.1 == index)
            #expect(
                !(await lessons.missing(step, in: repl)).isEmpty,
                "step \(index + 1) of \(id) passes before its commands")
            for command in step.commands { await repl.execute(command) }
        }
        #expect(lessons.progress.lessons[id]?.finished == true, "\(printed.text)")
        #expect(printed.text.contains("Well done: you finished lesson \(lesson.number!), \(lesson.title)."))
        await repl.shutdown()
    }
}

/// What the REPL printed, output and errors in order.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var all = ""
    var text: String { lock.withLock { all } }
    func append(_ more: String) { lock.withLock { all += more } }
}
