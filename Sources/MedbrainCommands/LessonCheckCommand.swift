import ArgumentParser
import Foundation
import MedbrainREPL
import MedbrainWorkbook

/// `medbrain lesson check FILE…`: what the test suite proves of the workbook's lessons, for one
/// lesson an instructor wrote, without building anything.
struct LessonCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check lesson files: their format, their exercises, and every route proven both ways.",
        discussion: """
            Each FILE is read as the REPL reads it (a mistake is shown as file:line). Then, on a \
            fresh built-in server for each route, every step's solution and each also> route \
            must complete the step, and no wrong> attempt may; every exercise needs two or more \
            hints, and a try step another route and a wrong attempt. A step whose checks hold \
            before anything is typed is reported too, and so is a question whose answer an \
            earlier FILE printed. The exit status is 1 if any file has a problem.
            Example: medbrain lesson check lessons/03-login.lesson
            """
    )

    @Argument(help: "Lesson files (*.lesson).")
    var files: [String]

    @Flag(name: .long, help: "Say, for each step, how many generated routes passed and how many mutants were refused.")
    var steps = false

    func run() async throws {
        var failed = 0
        let read = files.map { file in (file, Result { try Workbook.readLesson(at: file) }) }
        let verifier = LessonVerifier(servers: { .inProcess(now: nil) })
        // Lessons given together are taken in their order: a later question's answer may not
        // be what an earlier lesson printed.
        let lessons = read.compactMap { try? $0.1.get() }
        let earlier = lessons.count > 1 ? await verifier.answersPrintedInEarlierLessons(lessons) : [:]
        for (file, lesson) in read {
            var report: LessonVerifier.GeneratedRoutes
            switch lesson {
            case .success(let lesson):
                report = await verifier.report(for: lesson)
                report.problems += earlier[lesson.id] ?? []
            case .failure(let error): report = LessonVerifier.GeneratedRoutes(problems: ["\(error)"])
            }
            var generated = ""
            if report.equivalents + report.mutants > 0 {
                let added = report.distinguished == 0 ? "" : ", \(report.distinguished) of them on data the check added"
                generated =
                    " (generated: \(report.equivalents) equivalent routes passed, \(report.mutants) mutants refused\(added))"
            }
            let perStep =
                steps
                ? report.steps.map { "  step \($0.step): \($0.equivalents) equivalent, \($0.mutants) mutants\n" }
                    .joined() : ""
            // Mutants nothing could tell apart are proven neither way: said, not failed.
            let notes = perStep + report.unproven.map { "  not proven: \($0)\n" }.joined()
            if report.problems.isEmpty {
                Output.standardOutput("ok    \(file)\(generated)\n" + notes)
            } else {
                failed += 1
                Output.standardOutput(
                    "FAIL  \(file)\(generated)\n" + notes + report.problems.map { "  \($0)\n" }.joined())
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
