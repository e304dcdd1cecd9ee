import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// What a step says is still to do names what is missing in the goal's words, never the request
/// or the expression that would pass: that would be a hint, which the student asks for and the
/// record counts. Every check of every lesson, asked on a session where nothing was typed.
@Suite("What is still to do gives nothing away")
struct StillToDoTests {
    @Test func noCheckOfAnyLessonSaysTheRequestOrExpressionItWants() async throws {
        var asked = 0
        for lesson in LessonTests.workbook.lessons {
            let repl = REPL(
                console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
                timeout: BusyMachine.requestTimeout)
            if let version = lesson.header.server, !lesson.asksForSMART {
                #expect(await repl.execute("connect builtin \(version.rawValue)"))
            }
            let mark = repl.requests.total
            for (index, step) in lesson.steps.enumerated() where step.isExercise {
                for check in step.checks {
                    guard let secrets = Self.secrets(of: check) else { continue }
                    asked += 1
                    let missing = await check.missing(in: repl, requestsSince: mark) ?? ""
                    for secret in secrets {
                        #expect(
                            !missing.contains(secret), "\(lesson.id) step \(index + 1): '\(missing)' says \(secret)")
                    }
                }
            }
            await repl.shutdown()
        }
        #expect(asked > 40)
    }

    /// The parts of a check that would pass if typed: a request's path and parameters, an
    /// expression, a goal's query.
    static func secrets(of check: LessonCheck) -> [String]? {
        switch check {
        case .requested(let pattern):
            let query = pattern.parameters.compactMap { parameter in parameter.value.map { "=\($0)" } }
            return [pattern.path.joined(separator: "/")].filter { $0.contains("/") } + query
        case .fhirpath(let path, let expression): return [expression] + (path.map { [$0] } ?? [])
        case .sameAs(let path, let expression): return [expression, path]
        case .answers(let set): return [set.path]
        default: return nil
        }
    }
}
