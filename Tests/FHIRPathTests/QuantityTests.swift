import FHIRModel
import Foundation
import Testing

@testable import FHIRPath

/// FHIRPath's Quantity and the UCUM table behind it: toQuantity() strings, toString(), `=`, `~`,
/// ordering, the operators, conversion, and the units the bundled table knows. Quantities are
/// written as toQuantity() reads them (`4 'g'`, `7 days`); cases marked "suite" are the official
/// test suite's.
@Suite("FHIRPathQuantity")
struct QuantityTests {
    private func quantity(_ text: String) throws -> FHIRPathQuantity {
        try #require(FHIRPathQuantity(parsing: text), "\(text) should read as a quantity")
    }

    // MARK: - Strings

    @Test(
        "toQuantity() strings and toString() (suite testTypes, testLiterals)",
        arguments: [
            ("1 day", "1 day" as String?), ("1 'wk'", "1 'wk'"), ("1 wk", nil), ("1.a", nil), ("1.0", "1.0 '1'"),
            ("1", "1 '1'"), ("4 days", "4 days"), ("10.1 'mg'", "10.1 'mg'"), ("-5.5 'mg'", "-5.5 'mg'"),
            ("+2 weeks", "2 weeks"), ("1  'mg/dL'", "1 'mg/dL'"), ("1 'a b'", nil), ("1 ''", nil), ("abc", nil),
            ("1 Days", nil), ("1 'wk", nil), ("1e3 'mg'", nil),
        ])
    func parsing(_ text: String, _ expected: String?) {
        #expect(FHIRPathQuantity(parsing: text)?.text == expected)
    }

    @Test("a code prints quoted, a calendar word bare (suite testQuantityLiteralWkToString, WeekToString)")
    func text() {
        let one = FHIRPathDecimal(1)
        #expect(FHIRPathQuantity(value: one, unit: "wk").text == "1 'wk'")
        #expect(FHIRPathQuantity(value: one, unit: "week", isCalendarWord: true).text == "1 week")
        #expect(FHIRPathQuantity(FHIRPathDecimal(2)).text == "2 '1'")
    }

    // MARK: - Comparison

    @Test(
        "= converts units, and is empty when they do not compare (suite testQuantity, testEquality28)",
        arguments: [
            ("4.0000 'g'", "4000.0 'mg'", true as Bool?), ("4 'g'", "4040 'mg'", false), ("7 days", "1 week", true),
            ("7 days", "1 'wk'", true), ("0.040 'm2'", "400 'cm2'", true), ("185 '[lb_av]'", "185 '[lb_av]'", true),
            ("185 '[lb_av]'", "185 'kg'", false), ("1 day", "1 'd'", true), ("1 'wk'", "1 week", true),
            ("1 'mo'", "1 month", nil), ("1 'a'", "1 year", nil), ("1 year", "12 months", true),
            ("1 'g'", "1 'm'", nil), ("100 'mg/dL'", "1 'g/L'", true), ("60 '/min'", "1 'Hz'", true),
            ("50 '%'", "0.5 '1'", true), ("1 '[in_i]'", "2.54 'cm'", true), ("3 '[tsp_us]'", "1 '[tbs_us]'", true),
            ("1 '[foo]'", "1.0 '[foo]'", true), ("1 '[foo]'", "1 '[bar]'", nil), ("1 'Cel'", "274.15 'K'", nil),
        ])
    func equality(_ left: String, _ right: String, _ expected: Bool?) throws {
        let (a, b) = (try quantity(left), try quantity(right))
        #expect(FHIRPathQuantity.equal(a, b) == expected)
        #expect(FHIRPathQuantity.equal(b, a) == expected)
    }

    @Test(
        "ordering (suite testQuantity7, 8, testLessThan22, testGreaterThan22)",
        arguments: [
            ("6 days", "1 week", -1 as Int?), ("8 days", "1 week", 1), ("185 '[lb_av]'", "200 '[lb_av]'", -1),
            ("185 '[lb_av]'", "100 '[lb_av]'", 1), ("1 'kg'", "999 'g'", 1), ("1 'g'", "1 's'", nil),
            ("11 months", "1 year", -1), ("1 year", "365 days", nil),
        ])
    func ordering(_ left: String, _ right: String, _ expected: Int?) throws {
        #expect(FHIRPathQuantity.compare(try quantity(left), try quantity(right)) == expected)
    }

    @Test(
        "~ compares in the coarser unit at the lesser precision (suite testQuantity2, 4, testEquivalent22)",
        arguments: [
            ("4 'g'", "4000 'mg'", true), ("4 'g'", "4040 'mg'", true), ("4 'g'", "4600 'mg'", false),
            ("4.00 'g'", "4040 'mg'", true), ("4.01 'g'", "4040 'mg'", false), ("1 year", "1 'a'", true),
            ("1 second", "1 's'", true), ("1 month", "1 'mo'", true), ("1.0", "1 '1'", true), ("1 'g'", "1 'm'", false),
            ("185 '[lb_av]'", "185 'kg'", false), ("1 '[in_i]'", "2.54 'cm'", true), ("7 days", "1 week", true),
        ])
    func equivalence(_ left: String, _ right: String, _ expected: Bool) throws {
        let (a, b) = (try quantity(left), try quantity(right))
        #expect(FHIRPathQuantity.equivalent(a, b) == expected)
        #expect(FHIRPathQuantity.equivalent(b, a) == expected)
    }

    @Test(
        "comparable() (suite Comparable)",
        arguments: [
            ("1 'cm'", "1 '[in_i]'", true), ("1 'cm'", "1 '[s]'", false), ("1 'cm'", "1 's'", false),
            ("1 'mmol/L'", "1 'mg/dL'", false), ("1 'mm[Hg]'", "1 'kPa'", true),
        ])
    func comparable(_ left: String, _ right: String, _ expected: Bool) throws {
        #expect(FHIRPathQuantity.comparable(try quantity(left), try quantity(right)) == expected)
    }

    // MARK: - Arithmetic and conversion

    @Test(
        "operators combine and convert units (suite testQuantity9–11)",
        arguments: [
            ("2.0 'cm'", "*", "2.0 'm'", "400.00 'cm2'" as String?), ("4.0 'g'", "/", "2.0 'm'", "2.0 'g/m'"),
            ("1.0 'm'", "/", "1.0 'm'", "1.0 '1'"), ("3 'mg'", "/", "2 'h'", "1.5 'mg/h'"),
            ("1", "/", "2 'min'", "0.5 '/min'"),
            ("3 'mg'", "*", "2", "6 'mg'"), ("2 'm'", "*", "3 'm2'", "6 'm3'"), ("1 'm'", "/", "1 'cm'", "100 '1'"),
            ("1 year", "*", "1 'm'", nil), ("10 'mg'", "/", "0 'mL'", nil), ("1 week", "+", "1 day", "8 day"),
            ("1 'g'", "+", "1 'mg'", "1.001 'g'"), ("1 'kg'", "-", "1 'g'", "0.999 'kg'"), ("1 'g'", "+", "1 'm'", nil),
            ("1 year", "+", "1 'a'", nil), ("2 weeks", "*", "3 'kg'", "6 'wk.kg'"),
            ("3 days", "*", "2", "6 days"), ("2", "*", "1 year", "2 year"), ("6 days", "/", "2", "3 days"),
            ("2", "/", "4 'mg'", "0.5 '/mg'"),
        ])
    func operatorResult(_ left: String, _ op: String, _ right: String, _ expected: String?) throws {
        let (a, b) = (try quantity(left), try quantity(right))
        let result: FHIRPathQuantity? =
            switch op {
            case "+": a + b
            case "-": a - b
            case "*": a * b
            default: a / b
            }
        #expect(result?.text == expected)
    }

    @Test(
        "products equal the suite's literals (suite testQuantity9–11)",
        arguments: [
            ("2.0 'cm'", "*", "2.0 'm'", "0.040 'm2'"), ("4.0 'g'", "/", "2.0 'm'", "2 'g/m'"),
            ("1.0 'm'", "/", "1.0 'm'", "1 '1'"),
        ])
    func productEqualsLiteral(_ left: String, _ op: String, _ right: String, _ expected: String) throws {
        let (a, b) = (try quantity(left), try quantity(right))
        let result = try #require(op == "*" ? a * b : a / b)
        #expect(FHIRPathQuantity.equal(result, try quantity(expected)) == true)
    }

    @Test(
        "toQuantity(unit) converts",
        arguments: [
            ("4040 'mg'", "g", "4.040 'g'" as String?), ("4.0 'g'", "mg", "4000.0 'mg'"),
            ("1 '[lb_av]'", "g", "453.59237 'g'"), ("1 week", "days", "7 days"),
            ("120 'mm[Hg]'", "kPa", "15.998640 'kPa'"),
            ("1 '[gal_us]'", "L", "3.785411784 'L'"), ("1 'd'", "wk", "0.14285714 'wk'"), ("1 year", "days", nil),
            ("1 'g'", "m", nil), ("2 'mg'", "mg", "2 'mg'"),
        ])
    func conversion(_ text: String, _ unit: String, _ expected: String?) throws {
        #expect(try quantity(text).converted(to: unit)?.text == expected)
    }

    @Test("abs, minus and boundaries keep the unit (suite testAbs3, LowBoundaryQuantity, HighBoundaryQuantity)")
    func unitKept() throws {
        #expect(try quantity("-5.5 'mg'").magnitude.text == "5.5 'mg'")
        #expect(try quantity("2 days").negated.text == "-2 days")
        #expect(try quantity("1.587 'cm'").lowBoundary(precision: 8)?.text == "1.58650000 'cm'")
        #expect(try quantity("1.587 'm'").highBoundary(precision: 8)?.text == "1.58750000 'm'")
        #expect(try quantity("1.587 'm'").highBoundary(precision: 40) == nil)
    }

    // MARK: - The UCUM table

    @Test("the bundled table reads without error")
    func bundledTable() throws {
        let text = try #require(BundledFiles.text("ucum-units.txt"))
        _ = try UCUMUnits(table: text)
    }

    @Test(
        "units the table knows",
        arguments: [
            "g", "mg", "ug", "kg", "[lb_av]", "[oz_av]", "m", "cm", "mm", "km", "um", "[in_i]", "[ft_i]", "L", "mL",
            "dL",
            "uL", "m3", "s", "ms", "min", "h", "d", "wk", "mo", "a", "mol", "mmol", "1", "%", "kg/m2", "mm[Hg]", "/min",
            "g/dL", "mg/dL", "mmol/L", "10*3/uL", "{score}", "mg{total}", "mg/(24.h)", "kg.m/s2", "cm[H2O]", "[iU]/L",
        ])
    func knownUnit(_ unit: String) {
        #expect(UCUMUnits.standard.isKnown(unit))
    }

    @Test(
        "units it does not",
        arguments: [
            "Cel", "[degF]", "mmHg", "[s]", "m)", "(m", "m..s", "", "kg/", "mg{", "m-", "wk2.", "mg/0", "km999",
        ])
    func unknownUnit(_ unit: String) {
        #expect(!UCUMUnits.standard.isKnown(unit))
    }

    @Test(
        "expressions are flattened and written back",
        arguments: [
            ("kg.m/s2", "kg.m/s2"), ("/min", "/min"), ("mg/(24.h)", "mg/24/h"), ("m2.m-1", "m2/m"), ("1", "1"),
            ("10*3/uL", "10*3/uL"), ("mg{total}", "mg{total}"),
        ])
    func expressionText(_ expression: String, _ expected: String) throws {
        let terms = try #require(UCUMExpression.terms(expression))
        #expect(UCUMExpression.text(terms) == expected)
    }

    @Test(
        "table lines that fail name their line",
        arguments: [
            ("base m\nunit x maybe 1 m", 2), ("unit y no 1 zz", 1), ("prefix k ten", 1), ("base m\n\n# note\nbase", 4),
        ])
    func tableError(_ table: String, _ line: Int) {
        let error = #expect(throws: FileError.self) { try UCUMUnits(table: table) }
        #expect(error?.line == line)
    }
}
