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
        let repl = REPL(console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil))
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
                == "entry.count() = 63 is not true on GET MedicationAdministration?patient=f001&_count=200 yet")
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
