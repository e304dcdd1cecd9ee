import Foundation
import MedbrainCommands
import MedbrainREPL
import Synchronization
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// The lessons are read when a lesson is first asked for, not before the first prompt: a
/// session that never opens one, and every one-shot command, pays nothing for them.
@Suite("the workbook read when first used")
struct LazyWorkbookTests {
    final class Reads: Sendable {
        let count = Mutex(0)
        func workbook() -> Workbook {
            count.withLock { $0 += 1 }
            return Workbook(
                lessons: LessonTests.workbook.lessons, problems: ["lessons/99-broken.lesson:3: a problem"])
        }
    }

    @Test func commandsBeforeALessonReadNoLesson() async throws {
        let reads = Reads()
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 80, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let lessons = LessonCommands(workbook: reads.workbook, progressPath: nil)
        repl.extensions = [lessons]
        for line in ["connect builtin r4", "login", "orders", "help", "nosuchcommand", "set"] {
            await repl.execute(line)
        }
        #expect(reads.count.withLock { $0 } == 0)
        let mark = printed.text.count
        #expect(await repl.execute("lesson"))
        // A lesson file that could not be read is said when the lessons are listed.
        #expect(printed.text.dropFirst(mark).hasPrefix("warning: lessons/99-broken.lesson:3: a problem\n"))
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("progress"))
        #expect(reads.count.withLock { $0 } == 1)
        await repl.shutdown()
    }
}
