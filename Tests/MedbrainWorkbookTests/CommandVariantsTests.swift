import FHIRModel
import Testing

@testable import MedbrainWorkbook

/// The routes `lesson check` makes from solutions that are no search: which must pass and
/// which must fail, written out here from what FHIR and SMART say of each form.
@Suite("Generated routes beyond searches")
struct CommandVariantsTests {
    /// A Timing's sentence typed as free text, beside or instead of its structure, is a
    /// mutant; the Timing in a Dosage, or its members reordered, is the same Timing.
    @Test func aWrittenTiming() {
        let routes = CommandVariants.timing(
            [#"instructions {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}"#], sentence: "3 times a day")
        let passing = Set(routes.filter(\.shouldComplete).flatMap(\.commands))
        let failing = Set(routes.filter { !$0.shouldComplete }.flatMap(\.commands))
        #expect(passing.contains(#"instructions {"timing":{"repeat":{"frequency":3,"period":1,"periodUnit":"d"}}}"#))
        #expect(passing.contains(#"instructions {"repeat":{"periodUnit":"d","period":1,"frequency":3}}"#))
        #expect(failing.contains(#"instructions {"text":"3 times a day"}"#))
        #expect(failing.contains(#"instructions {"code":{"text":"3 times a day"}}"#))
        // Each structured element left out, the sentence in code.text beside the rest.
        #expect(
            failing.contains(#"instructions {"repeat":{"frequency":3,"period":1},"code":{"text":"3 times a day"}}"#))
        #expect(
            failing.contains(
                #"instructions {"repeat":{"frequency":3,"periodUnit":"d"},"code":{"text":"3 times a day"}}"#))
        // Without frequency a Timing still means once per period: leaving out a frequency of 1 is no mutant.
        let once = CommandVariants.timing(
            [#"instructions {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}"#], sentence: "Once a day")
        #expect(!once.flatMap(\.commands).contains { $0.contains(#"{"period":1,"periodUnit":"d"},"code""#) })
    }

    /// A scope is a set of words; a patient scope widened to every interaction or to the
    /// user's reach is another request.
    @Test func aScopeAskedFor() {
        let routes = CommandVariants.scopes([
            "get /auth/authorize?client_id=x&scope=launch/patient+patient/*.rs&state=s"
        ])
        #expect(
            routes.map { ($0.commands[0], $0.shouldComplete) }.elementsEqual(
                [
                    ("get /auth/authorize?client_id=x&scope=patient/*.rs+launch/patient&state=s", true),
                    ("get /auth/authorize?client_id=x&scope=launch/patient+patient/*.cruds&state=s", false),
                    ("get /auth/authorize?client_id=x&scope=launch/patient+user/*.rs&state=s", false),
                ], by: ==))
        #expect(CommandVariants.scopes(["get Patient"]).isEmpty)
    }

    /// A dose: the same instant in UTC, the members reordered and the patient by absolute URL
    /// pass; another order, patient, hour or outcome fails.
    @Test func aDosePosted() {
        let post = [
            #"post MedicationAdministration {"resourceType": "MedicationAdministration", "patient": {"reference": "Patient/f001"}, "prescription": {"reference": "MedicationOrder/ord-01"}, "effectiveTimeDateTime": "2016-08-12T20:00:00+02:00", "wasNotGiven": false}"#
        ]
        #expect(DoseVariants.references(in: post) == ["Patient/f001", "MedicationOrder/ord-01"])
        // Another patient and order, as the server would name them.
        let routes = DoseVariants.routes(
            post, others: ["Patient/f001": "Patient/f002", "MedicationOrder/ord-01": "MedicationOrder/ord-02"])
        let passing = routes.filter(\.shouldComplete).map { $0.commands[0] }
        let failing = routes.filter { !$0.shouldComplete }.map { $0.commands[0] }
        #expect(passing.count == 3)
        #expect(passing.contains { $0.contains(#""effectiveTimeDateTime":"2016-08-12T18:00:00Z""#) })
        #expect(passing.contains { $0.contains(#""reference":"[BASE]/Patient/f001""#) })
        #expect(failing.count == 4)
        #expect(failing.contains { $0.contains("Patient/f002") })
        #expect(failing.contains { $0.contains("MedicationOrder/ord-02") })
        #expect(failing.contains { $0.contains("2016-08-12T19:00:00Z") })
        #expect(failing.contains { $0.contains(#""wasNotGiven":true"#) })
    }

    /// The other outcome is written in the dose's own release: DSTU2's wasNotGiven when the
    /// dose leaves it out, STU3's notGiven, R4's status.
    @Test(arguments: [
        (
            #"{"resourceType": "MedicationAdministration", "status": "completed", "effectiveTimeDateTime": "2016-08-12T20:00:00Z"}"#,
            #""wasNotGiven":true"#
        ),
        (
            #"{"resourceType": "MedicationAdministration", "status": "completed", "prescription": {"reference": "MedicationRequest/x"}, "effectiveDateTime": "2016-08-12T20:00:00Z"}"#,
            #""notGiven":true"#
        ),
        (
            #"{"resourceType": "MedicationAdministration", "status": "completed", "request": {"reference": "MedicationRequest/x"}, "effectiveDateTime": "2016-08-12T20:00:00Z"}"#,
            #""status":"not-done""#
        ),
    ])
    func theOtherOutcomeInItsRelease(dose: String, outcome: String) {
        let failing = DoseVariants.routes(["post MedicationAdministration " + dose], others: [:]).filter {
            !$0.shouldComplete
        }
        #expect(failing.contains { $0.commands[0].contains(outcome) }, "\(failing)")
        #expect(!failing.contains { $0.commands[0].contains(#""status":"not-done""#) } || outcome.contains("not-done"))
    }

    /// A Dosage that says more than its Timing (a dose) is not the Timing alone.
    @Test func aDosageWithADoseIsNoTimingAlone() {
        let routes = CommandVariants.timing(
            [
                #"instructions {"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}, "doseQuantity": {"value": 2}}"#
            ],
            sentence: "2 3 times a day")
        #expect(!routes.filter(\.shouldComplete).contains { $0.commands[0].hasPrefix(#"instructions {"repeat""#) })
    }

    /// A read goal makes read routes, never search routes, whatever else the solution ran.
    @Test func aReadGoalIsNoSearch() throws {
        let lesson = try Lesson(
            parsing:
                "%server builtin dstu2\n# try: Read\n> search MedicationOrder patient=f001\n> read MedicationOrder ord-02\n"
                + "? answers GET MedicationOrder/ord-02\nhint: a\nhint: b\n", file: "x.lesson", id: "01-x")
        #expect(!LessonVerifier.isSearchStep(lesson.steps[0]))
        #expect(LessonVerifier.isReadStep(lesson.steps[0]))
    }

    @Test func aDoseAdministered() {
        let routes = DoseVariants.routes(["login", "administer 11 missed at 2016-08-16T08:00:00+02:00"], others: [:])
        #expect(
            routes.map { ($0.commands.last!, $0.shouldComplete) }.elementsEqual(
                [
                    ("administer 11 missed at 2016-08-16T06:00:00Z", true),
                    ("administer 1 missed at 2016-08-16T08:00:00+02:00", false),
                    ("administer 11 taken at 2016-08-16T08:00:00+02:00", false),
                    ("administer 11 missed at 2016-08-16T07:00:00Z", false),
                ], by: ==))
        #expect(routes.allSatisfy { $0.commands.first == "login" })
    }

    /// A read: by absolute URL and by its version pass; another resource fails.
    @Test func aRead() {
        let routes = CommandVariants.read("MedicationOrder/ord-02", version: "1", other: "MedicationOrder/ord-01")
        #expect(
            routes == [
                .equivalent("get [BASE]/MedicationOrder/ord-02"), .equivalent("get MedicationOrder/ord-02/_history/1"),
                .mutant("get MedicationOrder/ord-01"),
            ])
    }
}
