import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import ResultTables
import Synchronization
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// Progress as data: steps from 1 in the file, the time of every step event, the answers tried,
/// `progress --format json`, `lesson --format json`, and files merged for grading.
@Suite("Progress as data", .serialized)
struct ProgressDataTests {
    /// A clock that moves a minute at each look, so times differ and are known.
    final class MinuteClock: Sendable {
        let ticks = Mutex(0)
        func now() -> Date {
            Date(
                timeIntervalSince1970: 1_800_000_000 + 60
                    * Double(
                        ticks.withLock { tick in
                            defer { tick += 1 }
                            return tick
                        }))
        }
    }

    static func session(path: String? = nil) throws -> (REPL, MedbrainREPL.Printed, LessonCommands) {
        let lesson = try Lesson(parsing: ExerciseRecordTests.lesson, file: "x.lesson", id: "01-x")
        let printed = MedbrainREPL.Printed()
        let repl = REPL(
            console: Console(width: 200, output: printed.append, error: printed.append), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        let clock = MinuteClock()
        let commands = LessonCommands(
            workbook: { Workbook(lessons: [lesson]) }, progressPath: path, clock: { clock.now() })
        repl.extensions = [commands]
        return (repl, printed, commands)
    }

    @Test func everyStepEventIsKeptWithItsTimeAndWhatWasTried() async throws {
        let (repl, printed, commands) = try Self.session()
        #expect(await repl.execute("lesson 1"))
        #expect(await repl.execute("hint"))
        #expect(await repl.execute("answer 12"))
        #expect(await repl.execute("answer 11"))
        #expect(await repl.execute("solution"))
        #expect(await repl.execute("search Patient _id=f001"))
        let kinds = commands.progress.events.map { "\($0.step) \($0.kind.rawValue)" }
        #expect(
            kinds == [
                "1 started", "1 hint", "1 wrong", "1 solved", "2 started", "2 solution", "2 solved", "2 finished",
            ])
        #expect(commands.progress.events.map(\.sequence) == Array(1...8))
        #expect(commands.progress.events[2].detail == "answer 12")
        let first = commands.progress.lessons["01-x"]![exercise: 0]
        #expect(first.tried == ["answer 12"] && first.seconds == 180)
        _ = printed.take()
        #expect(await repl.execute("progress --format json"))
        let report = try JSONDecoder.iso.decode(ProgressReport.self, from: Data(printed.take().utf8))
        let lesson = try #require(report.lessons.first)
        #expect(lesson.id == "01-x" && lesson.finished && lesson.step == 2)
        #expect(lesson.exercises.map(\.step) == [1, 2])
        #expect(lesson.exercises[0].tried == ["answer 12"] && lesson.exercises[0].hints == 1)
        #expect(lesson.exercises[1].solutionShown && lesson.exercises[1].solved)
        #expect(!(await repl.execute("progress --format yaml")))
        #expect(printed.take() == "error: --format takes table or json\n")
        await repl.shutdown()
    }

    @Test func theLessonsAsData() async throws {
        let (repl, printed, _) = try Self.session()
        #expect(await repl.execute("lesson --format json"))
        let listed = try JSONParser.parse(printed.take())
        #expect(listed.arrayValue?.first?["status"]?.stringValue == "not started")
        #expect(listed.arrayValue?.first?["step"] == nil)
        #expect(await repl.execute("lesson 1"))
        _ = printed.take()
        #expect(await repl.execute("set format json"))
        _ = printed.take()
        #expect(await repl.execute("lesson"))
        let again = try JSONParser.parse(printed.take())
        #expect(again.arrayValue?.first?["status"]?.stringValue == "started")
        #expect(again.arrayValue?.first?["step"] == .number("1"))
        await repl.shutdown()
    }

    /// The file counts steps from 1; a file from before counted from 0 and reads the same.
    @Test func theFileCountsStepsFromOne() throws {
        var progress = LessonProgress()
        var entry = LessonEntry(step: 2, solutionShown: [1], solvedAlone: [0])
        entry[exercise: 0].solved = true
        progress.lessons["01-x"] = entry
        let text = String(decoding: try progress.encoded(), as: UTF8.self)
        let json = try JSONParser.parse(text)
        #expect(json["format"] == .number("2"))
        #expect(json["lessons"]?["01-x"]?["step"] == .number("3"))
        #expect(json["lessons"]?["01-x"]?["solutionShown"] == .array([.number("2")]))
        #expect(json["lessons"]?["01-x"]?["exercises"]?["1"]?["solved"] == .bool(true))
        #expect(try LessonProgress.decode(Data(text.utf8)) == progress)
        let old =
            #"{"lessons": {"01-x": {"step": 2, "solutionShown": [1], "solvedAlone": [0], "exercises": {"0": {}}}}}"#
        let read = try LessonProgress.decode(Data(old.utf8))
        #expect(read.lessons["01-x"]?.step == 2 && read.lessons["01-x"]?.solutionShown == [1])
        #expect(read.lessons["01-x"]?.exercises.keys.sorted() == [0])
    }

    /// Two files of one student merge by lesson (the one touched last wins) and keep every event.
    @Test func filesOfOneStudentMerge() {
        var (laptop, lab) = (LessonProgress(), LessonProgress())
        var older = LessonEntry(step: 1)
        older.updated = Date(timeIntervalSince1970: 100)
        var newer = LessonEntry(step: 4)
        newer.updated = Date(timeIntervalSince1970: 200)
        laptop.lessons = ["03-login": newer, "04-orders": older]
        lab.lessons = ["03-login": older, "05-instructions": older]
        laptop.record(StepEvent(time: Date(timeIntervalSince1970: 1), lesson: "03-login", step: 1, kind: .started))
        lab.record(StepEvent(time: Date(timeIntervalSince1970: 2), lesson: "05-instructions", step: 1, kind: .started))
        let merged = laptop.merged(with: lab)
        #expect(merged.lessons["03-login"]?.step == 4)
        #expect(Set(merged.lessons.keys) == ["03-login", "04-orders", "05-instructions"])
        #expect(merged.events.map(\.lesson) == ["03-login", "05-instructions"])
        #expect(lab.merged(with: laptop).lessons["03-login"]?.step == 4)
    }

    /// A field a spreadsheet would run as a formula is text; quotes and commas are quoted.
    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""), ("+1", "'+1"), ("@SUM(A1)", "'@SUM(A1)"),
        ("-2", "'-2"), ("two\nlines", "\"two\nlines\""), ("=\u{200D}HYPERLINK(1)", "'=\u{200D}HYPERLINK(1)"),
    ])
    func csvFields(text: String, field: String) {
        #expect(CSVText.field(text) == field)
    }
}

extension JSONDecoder {
    static var iso: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(EventTime.decode)
        return decoder
    }
}
