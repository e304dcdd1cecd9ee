import FHIRModel
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// `? dose-written ORDER taken|missed at INSTANT` checks the whole resource the server holds,
/// whichever command wrote it: each part has a route that gets only that part wrong, and the
/// check refuses it naming that part.
@Suite("dose-written checks")
struct DoseCheckTests {
    static let tonight = "dose-written ord-01 taken at 2016-08-16T20:00:00+02:00"

    /// Tonight's dose of order 1 in R4, with one member replaced.
    static func dose(_ changes: [String: String] = [:]) -> String {
        var members = [
            "status": #""completed""#, "subject": #"{"reference": "Patient/f001"}"#,
            "request": #"{"reference": "MedicationRequest/ord-01"}"#,
            "medicationCodeableConcept": #"{"text": "Novalgin drops (metamizole)"}"#,
            "effectiveDateTime": #""2016-08-16T20:00:00+02:00""#,
        ]
        for (name, value) in changes { members[name] = value.isEmpty ? nil : value }
        let body = members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        return #"post MedicationAdministration {"resourceType": "MedicationAdministration", "# + body + "}"
    }

    static func missing(after commands: [String], check: String = tonight) async throws -> String? {
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        await repl.execute("connect builtin r4")
        let mark = repl.requests.total
        for command in commands { await repl.execute(command) }
        let result = try await LessonCheck(check).missing(in: repl, requestsSince: mark)
        await repl.shutdown()
        return result
    }

    @Test(
        "every right way to write the dose passes",
        arguments: [
            dose(),
            // The same instant in UTC; the medication by its code, or as the Medication it is.
            dose(["effectiveDateTime": #""2016-08-16T18:00:00Z""#]),
            dose([
                "medicationCodeableConcept":
                    #"{"coding": [{"system": "http://medbrain.example/medication-codes", "code": "NOV-500"}]}"#
            ]),
            dose(["medicationCodeableConcept": "", "medicationReference": #"{"reference": "Medication/med-novalgin"}"#]
            ),
            // References written absolute name the same resources.
            dose(["subject": #"{"reference": "http://example.org/fhir/Patient/f001"}"#]),
            "administer 1 taken at 2016-08-16T20:00:00+02:00",
        ])
    func rightRoutes(command: String) async throws {
        let commands = command.hasPrefix("administer") ? ["login", "orders", command] : [command]
        #expect(try await Self.missing(after: commands) == nil)
    }

    @Test(
        "each wrong part is refused and named",
        arguments: [
            (
                dose(["subject": #"{"reference": "Patient/f003"}"#]),
                "it is for Patient/f003; the order is Patient/f001's"
            ),
            (
                dose(["medicationCodeableConcept": #"{"text": "Ciproxin 400 mg tablets (ciprofloxacin)"}"#]),
                "its medication is not the order's (Novalgin drops (metamizole))"
            ),
            (
                dose(["request": #"{"reference": "MedicationRequest/ord-02"}"#]),
                "it names the order MedicationRequest/ord-02; this dose is of MedicationRequest/ord-01"
            ),
            (dose(["status": #""entered-in-error""#]), "its status is entered-in-error: a record made by mistake"),
            (dose(["status": #""in-progress""#]), "its status is in-progress; a dose taken is completed"),
            (dose(["status": #""not-done""#]), "it says the dose was not taken"),
            (
                dose(["effectiveDateTime": #""2016-08-16T20:00:00Z""#]),
                "it was at 2016-08-16T20:00:00Z; this dose is at 2016-08-16T20:00:00+02:00"
            ),
        ])
    func wrongParts(command: String, problem: String) async throws {
        let missing = try #require(try await Self.missing(after: [command]))
        #expect(missing.hasSuffix(problem), "\(missing)")
        #expect(missing.hasPrefix("MedicationAdministration/"))
    }

    /// Another release's element is refused by the server itself (422), so nothing was written.
    @Test func anotherReleasesElementWritesNothing() async throws {
        let dstu2 = Self.dose(["wasNotGiven": "false"])
        #expect(try await Self.missing(after: [dstu2]) == "no MedicationAdministration written in this step yet")
        #expect(try await Self.missing(after: []) == "no MedicationAdministration written in this step yet")
    }

    /// On a server that kept it anyway, the check names the element itself.
    @Test func anotherReleasesElementIsNamed() throws {
        let json = try JSONParser.parse(
            #"{"resourceType": "MedicationAdministration", "status": "completed", "wasNotGiven": false}"#)
        #expect(DoseExpectation.foreignElement(in: json, version: .r4) == "wasNotGiven")
        #expect(DoseExpectation.foreignElement(in: json, version: .dstu2) == nil)
    }

    @Test(arguments: [
        "dose-written ord-01 taken", "dose-written ord-01 eaten at 2016-08-16T20:00:00+02:00",
        "dose-written ord-01 taken at 2016-08-16", "dose-written ord-01 taken on 2016-08-16T20:00:00+02:00",
    ])
    func aBrokenCheckIsRefusedWhenTheLessonIsRead(text: String) {
        #expect(throws: WorkbookProblem.self) { try LessonCheck(text) }
    }

    @Test(arguments: [
        ("answered 401", LessonCheck.answered(401)), ("token f001", .token(patient: "f001", scopes: [])),
        (
            "token f001 patient/*.rs launch/patient",
            .token(patient: "f001", scopes: ["patient/*.rs", "launch/patient"])
        ),
    ])
    func theChecksOfALogin(text: String, check: LessonCheck) throws {
        #expect(try LessonCheck(text) == check)
    }

    @Test(arguments: ["answered", "answered 42", "answered 600", "answered ok", "token"])
    func aBrokenLoginCheckIsRefused(text: String) {
        #expect(throws: WorkbookProblem.self) { try LessonCheck(text) }
    }

    /// `answered` looks at the last request of the step, whatever it was.
    @Test(arguments: [
        (["get Patient/f001"], "answered 200", true), (["get Patient/nobody"], "answered 404", true),
        (["get Patient/nobody", "get Patient/f001"], "answered 404", false), (["help"], "answered 200", false),
    ])
    func answered(commands: [String], check: String, holds: Bool) async throws {
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        await repl.execute("connect builtin r4")
        let mark = repl.requests.total
        for command in commands { await repl.execute(command) }
        #expect((try await LessonCheck(check).missing(in: repl, requestsSince: mark) == nil) == holds)
        await repl.shutdown()
    }

    /// `no-answer` holds only when a request went out and nothing answered it.
    @Test(arguments: [("connect http://127.0.0.1:1/fhir", true), ("connect nowhere", false), ("help", false)])
    func noAnswer(command: String, holds: Bool) async throws {
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), servers: .inProcess(now: nil),
            timeout: BusyMachine.requestTimeout)
        await repl.execute(command)
        #expect((try await LessonCheck("no-answer").missing(in: repl, requestsSince: 0) == nil) == holds)
        await repl.shutdown()
    }
}
