import FHIRModel
import Foundation
import Testing

@testable import FHIRPath

/// Whether an expression reads its input (so a command line can run it with no file), the
/// time limit and cancellation of one evaluation, and dates written as FHIR writes them.
@Suite("FHIRPath input, limits and output")
struct InputAndLimitsTests {
    @Test(arguments: [
        ("1 + 1", false), ("today() - 1 'day'", false), ("now().toString().length()", false), ("%ucum", false),
        ("(1 | 2).where($this > 1)", false), ("(1 | 2).select($this + 1)", false), ("(1 | 2).exists($this = 2)", false),
        ("(1 | 2).aggregate($this + $total, 0)", false), ("(1 | 2).trace('x', $this)", false),
        ("(1 | 2).select(name)", false), ("'a'.matches('a')", false), ("-1.convertsToInteger()", false),
        ("name", true), ("Patient.name.given", true), ("$this", true), ("%resource", true), ("%context.id", true),
        ("where(true)", true), ("exists()", true), ("count() > 0", true), ("(1 | 2).combine(name)", true),
        ("(1 | 2).where($this > %resource.count())", true), ("iif(true, 1, 2)", true), ("1.iif(true, id, 2)", true),
        ("(1 | 2).aggregate($this, count())", true), ("(1 | 2)[count()]", true), ("-id", true),
    ])
    func readsInputWhenItNamesIt(expression: String, reads: Bool) throws {
        #expect(try FHIRPathExpression(expression).readsInput == reads)
    }

    /// A Bundle-like object with enough items that the evaluation takes thousands of steps.
    static let many: JSONValue = ["item": .array((1...10_000).map { .number(String($0)) })]
    static let manySteps = "item.where($this > 0).count()"

    @Test func withoutALimitTheEvaluationFinishes() throws {
        let result = try FHIRPathExpression(Self.manySteps).evaluate(on: Self.many)
        #expect(result.first?.displayText == "10000")
    }

    @Test func pastItsTimeLimitTheEvaluationStopsAndNamesTheLimit() throws {
        var environment = FHIRPathEnvironment()
        environment.timeLimit = .zero
        environment.timeLimitHint = "set fhirpath-limit SECONDS to change it"
        do {
            _ = try FHIRPathExpression(Self.manySteps).evaluate(on: Self.many, environment: environment)
            Issue.record("evaluated past its limit")
        } catch {
            #expect(
                error.description
                    == "fhirpath: stopped after 0 s, the time limit of one evaluation "
                    + "(set fhirpath-limit SECONDS to change it)")
        }
    }

    @Test func aCancelledEvaluationStops() throws {
        var environment = FHIRPathEnvironment()
        environment.isCancelled = { true }
        #expect(throws: FHIRPathError(.execution, "cancelled")) {
            try FHIRPathExpression(Self.manySteps).evaluate(on: Self.many, environment: environment)
        }
        environment.isCancelled = { false }
        #expect(try FHIRPathExpression(Self.manySteps).evaluate(on: Self.many, environment: environment).count == 1)
    }

    /// Each precision as FHIR writes it: a DateTime cut to the day or above has no `T` (FHIR's
    /// dateTime is `2014`, `2014-01`, `2014-01-01`); below the day, the partial time as ISO 8601 has it.
    @Test(arguments: [
        ("@2014", "date", "2014"), ("@2014-01", "date", "2014-01"), ("@2014-01-01", "date", "2014-01-01"),
        ("@2014T", "dateTime", "2014"), ("@2014-01T", "dateTime", "2014-01"),
        ("@2014-01-01T", "dateTime", "2014-01-01"),
        ("@2014-01-01T08", "dateTime", "2014-01-01T08"), ("@2014-01-01T08:05", "dateTime", "2014-01-01T08:05"),
        ("@2014-01-01T08:05:30Z", "dateTime", "2014-01-01T08:05:30Z"),
        ("@2014-01-01T08:05:30.5+01:00", "dateTime", "2014-01-01T08:05:30.500+01:00"),
        ("@2014-01-01T08.lowBoundary(8)", "dateTime", "2014-01-01"), ("@2014.highBoundary(6)", "date", "2014-12"),
        ("@T10", "time", "10"), ("@T10:30", "time", "10:30"), ("@T10:30:00.000", "time", "10:30:00.000"),
    ])
    func datesAreWrittenAsFHIRWritesThem(expression: String, type: String, written: String) throws {
        let result = try FHIRPathExpression(expression).evaluate(on: [], resource: nil)
        #expect(result.count == 1)
        #expect(result.first?.typeName == type)
        #expect(result.first?.displayText == written)
        #expect(result.jsonArray == [["type": .string(type), "value": .string(written)]])
    }

    @Test func aUCUMQuantityCarriesItsSystemAndACalendarDurationItsWord() throws {
        let result = try FHIRPathExpression("1.5 'mg' | 2 weeks").evaluate(on: [], resource: nil)
        #expect(
            result.jsonArray == [
                [
                    "type": "Quantity", "value": .number("1.5"), "unit": "mg", "system": "http://unitsofmeasure.org",
                    "code": "mg",
                ],
                ["type": "Quantity", "value": .number("2"), "unit": "weeks"],
            ])
    }
}
