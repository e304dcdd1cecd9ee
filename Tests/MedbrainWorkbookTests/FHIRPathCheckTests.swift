import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// `? fhirpath [GET PATH] EXPRESSION` asks what the server answered, so every route to the
/// outcome passes and a route that misses it does not.
@Suite("fhirpath checks")
struct FHIRPathCheckTests {
    static let onlyMissed = "fhirpath entry.exists() and entry.resource.all(status = 'not-done')"

    static func repl() async -> REPL {
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        await repl.execute("connect builtin r4")
        return repl
    }

    @Test(arguments: [
        // The server filters, or --where filters its answer: both hold.
        (["search MedicationAdministration patient=f001 status=not-done"], true),
        (["search MedicationAdministration patient=f001 _count=100 --where \"status = 'not-done'\""], true),
        (["get MedicationAdministration?patient=f001&status=not-done"], true),
        // All doses, or nothing read yet: the outcome is not there.
        (["search MedicationAdministration patient=f001"], false),
        (["read Patient f001"], false),
        ([], false),
    ])
    func everyRouteToTheOutcomePasses(commands: [String], holds: Bool) async throws {
        let repl = await Self.repl()
        for command in commands { #expect(await repl.execute(command), "\(command)") }
        let check = try LessonCheck(Self.onlyMissed)
        #expect((await check.missing(in: repl, requestsSince: 0) == nil) == holds)
        await repl.shutdown()
    }

    /// With a path, the check reads the server itself: a dose recorded by any command counts.
    @Test func aPathAsksTheServer() async throws {
        let repl = await Self.repl()
        let check = try LessonCheck("fhirpath GET MedicationAdministration?patient=f001&_count=200 entry.count() = 63")
        #expect(
            await check.missing(in: repl, requestsSince: 0)
                == "the server does not hold yet what the step asks for")
        #expect(await repl.execute("login"))
        #expect(await repl.execute("orders"))
        #expect(await repl.execute("administer 1 taken at 2016-08-16T08:00:00+02:00"))
        #expect(await check.missing(in: repl, requestsSince: 0) == nil)
        await repl.shutdown()
    }

    @Test(arguments: [
        ("fhirpath", "fhirpath needs an EXPRESSION"),
        ("fhirpath GET Patient/f001", "fhirpath GET needs a PATH and an EXPRESSION"),
        ("fhirpath name.where(", "fhirpath: 1:12: expected an expression, found the end of the expression"),
        ("fhirpath nme.wher(true)", "fhirpath: 1:5: unknown function 'wher' (did you mean where?)"),
    ])
    func aBrokenCheckIsRefusedWhenTheLessonIsRead(text: String, problem: String) {
        do {
            _ = try LessonCheck(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == problem)
        }
    }
}

/// `? same-as GET PATH EXPRESSION` compares the last result with the server's own answer, so it
/// holds on any student's data and still refuses a search narrowed, widened or aimed elsewhere.
@Suite("same-as checks")
struct SameAsCheckTests {
    static let notDone =
        "same-as GET MedicationAdministration?patient=f001&status=not-done&_count=100 entry.resource.id"

    @Test(arguments: [
        (["search MedicationAdministration patient=f001 status=not-done _count=100"], true),
        (["search MedicationAdministration patient=Patient/f001 _count=100 --where \"status = 'not-done'\""], true),
        // A filter on one page of 50 misses some; all doses; another patient's; nothing yet.
        (["search MedicationAdministration patient=f001 --where \"status = 'not-done'\""], false),
        (["search MedicationAdministration patient=f001 _count=100"], false),
        (["search MedicationAdministration patient=f002 status=not-done"], false),
        ([], false),
    ])
    func theResultMustHoldWhatTheServerAnswers(commands: [String], holds: Bool) async throws {
        let repl = await FHIRPathCheckTests.repl()
        for command in commands { #expect(await repl.execute(command), "\(command)") }
        let missing = await (try LessonCheck(Self.notDone)).missing(in: repl, requestsSince: 0)
        #expect((missing == nil) == holds, "\(missing ?? "")")
        await repl.shutdown()
    }

    /// What is missing never says the server's values: the next question may ask for them.
    @Test func theServersAnswerIsNotGivenAway() async throws {
        let repl = await FHIRPathCheckTests.repl()
        #expect(await repl.execute("search MedicationAdministration patient=f001"))
        let check = try LessonCheck("same-as GET MedicationAdministration?patient=f001&status=not-done total")
        #expect(
            await check.missing(in: repl, requestsSince: 0)
                == "the last result differs from the server's answer to the search this step asks for")
        await repl.shutdown()
    }

    @Test(arguments: ["same-as total", "same-as GET Patient", "same-as POST Patient total"])
    func aBrokenCheckIsRefused(text: String) {
        #expect(throws: WorkbookProblem.self) { try LessonCheck(text) }
    }
}
