import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// `chart MODE ORDER` judges the chart drawn on its counts: of the order and grouping asked,
/// with doses in its window, and counting every dose the server holds for the order.
@Suite("The chart check")
struct ChartCheckTests {
    static func missing(after commands: [String], check: String = "chart week ord-01") async throws -> String? {
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        for command in ["connect builtin dstu2", "login", "orders", "set today 2016-08-16"] + commands {
            #expect(await repl.execute(command), "\(command)")
        }
        let result = try await LessonCheck(check).missing(in: repl, requestsSince: 0)
        await repl.shutdown()
        return result
    }

    @Test(
        arguments: [
            ([String](), "no chart has been drawn yet"),
            (["group week 1"], nil),
            (["group month 1"], "the last chart groups by month; the step asks for a week"),
            (["group week 11"], "the last chart is of another order"),
            // A window with no dose in it: the chart drawn for another 'today'.
            (
                ["set today 2020-01-01", "group week 1"],
                "the chart shows no dose in its window; its days end at today, which the lesson sets"
            ),
        ] as [([String], String?)])
    func judgedOnWhatItCounted(commands: [String], expected: String?) async throws {
        #expect(try await Self.missing(after: commands) == expected)
    }

    /// A dose recorded after the chart was drawn makes it out of date: it no longer counts
    /// every dose the server holds.
    @Test func aChartDrawnBeforeADoseIsOutOfDate() async throws {
        let missing = try await Self.missing(after: [
            "group week 1", "administer 1 taken at 2016-08-16T20:00:00+02:00",
        ])
        #expect(missing?.hasPrefix("the chart counts ") == true, "\(missing ?? "nil")")
        #expect(
            try await Self.missing(after: ["administer 1 taken at 2016-08-16T20:00:00+02:00", "group week 1"]) == nil)
    }
}
