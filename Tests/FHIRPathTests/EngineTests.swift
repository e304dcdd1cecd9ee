import FHIRModel
import Foundation
import TestSupport
import Testing

@testable import FHIRPath

/// What the suite does not ask: errors a person can act on, the limits that keep bad input
/// from hanging or crashing, the type model's checks, and DSTU2's JSON without a model.
@Suite("FHIRPath engine")
struct EngineTests {
    static let patient: JSONValue = [
        "resourceType": "Patient", "id": "p1", "gender": "female", "birthDate": "1974-12-25",
        "name": [["given": ["Ada", "Augusta"], "family": "Lovelace"]],
    ]

    @Test(arguments: [
        (
            "name.where(use = 'official'",
            "fhirpath: 1:28: expected ')' after the arguments of where, found the end of the expression"
        ),
        ("name.wher(use = 'official')", "fhirpath: 1:6: unknown function 'wher' (did you mean where?)"),
        ("name.given.first(1)", "fhirpath: 1:12: first() takes 0 arguments, not 1"),
        ("name.", "fhirpath: 1:6: expected a name after '.', found the end of the expression"),
        ("'open", "fhirpath: 1:1: string is not closed with '"),
        ("1 +", "fhirpath: 1:4: expected an expression after '+'"),
        ("", "fhirpath: 1:1: the expression is empty"),
        ("name given", "fhirpath: 1:6: unexpected 'given' after a complete expression"),
        ("$thing", "fhirpath: 1:1: unknown special variable $thing (there are $this, $index and $total)"),
        ("@2015-13-01", "fhirpath: @2015-13-01 is not a valid date, date-time or time"),
    ])
    func syntaxErrorsSayWhereAndWhat(expression: String, message: String) {
        #expect(throws: FHIRPathError.self) { try FHIRPathExpression(expression) }
        do { _ = try FHIRPathExpression(expression) } catch { #expect(error.description == message) }
    }

    @Test func theCaretStandsUnderTheColumn() throws {
        do {
            _ = try FHIRPathExpression("name.where(use = 'official'")
            Issue.record("parsed")
        } catch {
            #expect(error.caretLines == ["name.where(use = 'official'", String(repeating: " ", count: 27) + "^"])
        }
    }

    @Test(arguments: [
        ("name.given1", "fhirpath: HumanName has no element 'given1' (did you mean given?)"),
        ("Encounter.status", "fhirpath: the input is a Patient, not an Encounter"),
        (
            "name.given.memberOf('http://hl7.org/fhir/ValueSet/x')",
            "fhirpath: memberOf() needs a terminology server to expand the value set"
        ),
        (
            "conformsTo('http://example.org/profile')",
            "fhirpath: conformsTo() can check FHIR's base profiles only (http://hl7.org/fhir/StructureDefinition/TYPE); http://example.org/profile needs a validator"
        ),
        ("name.given.single()", "fhirpath: single() found 2 items where one was expected"),
        ("%nothing", "fhirpath: unknown variable %nothing"),
        ("gender - 1", "fhirpath: '-' cannot combine string and integer"),
    ])
    func evaluationErrorsAreOneLine(expression: String, message: String) throws {
        let parsed = try FHIRPathExpression(expression)
        do {
            let result = try parsed.evaluate(on: Self.patient)
            Issue.record("evaluated to \(result.textLines)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func choicesAreNamedAsFHIRPathNamesThem() throws {
        let observation: JSONValue = [
            "resourceType": "Observation", "status": "final", "code": ["text": "steps"],
            "valueQuantity": [
                "value": 8000, "unit": "steps", "system": "http://unitsofmeasure.org", "code": "{steps}",
            ],
            "effectiveDateTime": "2016-08-16T20:00:00+02:00",
        ]
        let value = try FHIRPathExpression("value.ofType(Quantity).value").evaluate(on: observation)
        #expect(value.textLines == ["decimal  8000"])
        let effective = try FHIRPathExpression("effective > @2016-08-16T17:00:00Z").evaluate(on: observation)
        #expect(effective.textLines == ["boolean  true"])
        #expect(throws: FHIRPathError.self) { try FHIRPathExpression("effectiveDateTime").evaluate(on: observation) }
    }

    /// DSTU2's JSON is read without R4's model: elements as they are, choices by R4's type names.
    @Test func dstu2WithoutAModel() throws {
        let order: JSONValue = [
            "resourceType": "MedicationOrder", "patient": ["reference": "Patient/f001"],
            "medicationReference": ["reference": "Medication/m1"], "dosageInstruction": [["text": "1 daily"]],
        ]
        let environment = FHIRPathEnvironment(model: nil)
        for expression in ["patient.exists()", "medication.exists()", "dosageInstruction.text = '1 daily'"] {
            #expect(try FHIRPathExpression(expression).isTrue(on: order, environment: environment), "\(expression)")
        }
    }

    /// An element of type Resource (`contained`, `entry.resource`) takes each item's own type,
    /// so a list of different resources is told apart item by item.
    @Test func resourcesInAListHaveTheirOwnTypes() throws {
        let order: JSONValue = [
            "resourceType": "MedicationRequest", "status": "active", "intent": "order",
            "contained": [["resourceType": "Medication", "id": "m1"], ["resourceType": "Patient", "id": "p1"]],
        ]
        for (expression, expected) in [
            ("contained.ofType(Patient).id", ["id  p1"]),
            ("contained.where($this is Medication).id", ["id  m1"]),
            ("contained.select(type().name)", ["string  Medication", "string  Patient"]),
        ] {
            #expect(try FHIRPathExpression(expression).evaluate(on: order).textLines == expected, "\(expression)")
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        do {
            _ = try FHIRPathExpression(deep)
            Issue.record("parsed")
        } catch {
            #expect(error.message.hasPrefix("the expression is nested too deeply"))
        }
        let negations = String(repeating: "-", count: 100_000) + "1"
        #expect(throws: FHIRPathError.self) { try FHIRPathExpression(negations) }
    }

    /// Chains deepen the tree as nesting does (the fuzzer found `1 + 1 + …` overflowing the
    /// stack of the checks); they are refused before a deep tree exists. Async, so it runs on
    /// a pool thread, whose stack is the REPL's.
    @Test(arguments: [" + 1", " and true", " | 1", ".name", ".not()", "[0]", ".where(true)"])
    func longChainsAreRefused(link: String) async {
        let chain = "1" + String(repeating: link, count: 10_000)
        do {
            _ = try FHIRPathExpression(chain)
            Issue.record("parsed")
        } catch {
            #expect(error.message.hasPrefix("the expression is nested too deeply"))
        }
        // As deep as allowed still parses and evaluates.
        let allowed = "1" + String(repeating: link, count: 90)
        #expect(throws: Never.self) { _ = try? FHIRPathExpression(allowed).evaluate(on: Self.patient) }
    }

    /// `repeat()` remembers what it met by hash, so a long projection is linear, not quadratic.
    @Test func repeatIsLinear() throws {
        let counting = try FHIRPathExpression("1.repeat(iif($this < 50000, $this + 1, {})).count()")
        // The input itself is not in the result: 2 to 50000.
        #expect(try counting.evaluate(on: Self.patient).textLines == ["integer  49999"])
    }

    @Test func hugeCollectionsAreRefused() throws {
        var environment = FHIRPathEnvironment()
        environment.maximumCollection = 1000
        let items = JSONValue.array((0..<600).map { JSONValue.number(String($0)) })
        let json: JSONValue = ["resourceType": "Basic", "numbers": items]
        let combined = try FHIRPathExpression("numbers.combine(numbers)")
        do {
            _ = try combined.evaluate(on: json, environment: environment)
            Issue.record("evaluated")
        } catch {
            #expect(error.description == "fhirpath: the result would hold more than 1000 items; refused")
        }
        #expect(
            try FHIRPathExpression("numbers.count()").evaluate(on: json, environment: environment).textLines == [
                "integer  600"
            ])
    }

    @Test func variablesClockAndTrace() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2016-08-16T08:00:00Z"))
        let traced = CapturedOutput()
        let environment = FHIRPathEnvironment(
            variables: ["minimum": [.integer(1)]], now: now, timeZone: TimeZone(identifier: "UTC")!,
            trace: { name, items in traced.append("\(name): \(items.count)\n") })
        let result = try FHIRPathExpression("name.given.trace('given').count() > %minimum and today() = @2016-08-16")
            .evaluate(on: Self.patient, environment: environment)
        #expect(result.textLines == ["boolean  true"])
        #expect(traced.text == "given: 2\n")
    }

    @Test func outputAsTextAndJSON() throws {
        let result = try FHIRPathExpression("name.given.first() | birthDate | 4 'mg' | name.family.length()")
            .evaluate(on: Self.patient)
        #expect(result.textLines == ["string    Ada", "date      1974-12-25", "Quantity  4 'mg'", "integer   8"])
        #expect(
            result.jsonArray.compactText
                == #"[{"type":"string","value":"Ada"},{"type":"date","value":"1974-12-25"},{"type":"Quantity","value":4,"unit":"mg","system":"http://unitsofmeasure.org","code":"mg"},{"type":"integer","value":8}]"#
        )
        #expect(try FHIRPathExpression("{}").evaluate(on: Self.patient).textLines == ["{}"])
    }
}
