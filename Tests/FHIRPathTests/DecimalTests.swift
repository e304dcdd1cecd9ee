import Foundation
import Testing

@testable import FHIRPath

/// FHIRPath's Decimal: literals that keep their scale, `=` and `~`, the operators, the math
/// functions, and the boundary functions. Cases marked "suite" are the official test suite's.
@Suite("FHIRPathDecimal")
struct DecimalTests {
    private func decimal(_ text: String) throws -> FHIRPathDecimal {
        try #require(FHIRPathDecimal(text: text), "\(text) should read as a decimal")
    }

    // MARK: - Literals and text

    @Test(
        "a literal prints as written",
        arguments: [
            "1.0", "1.587", "0.0", "-0.0", "0", "-1", "100", "0.00000001", "1234567890987654321.0", "1.58700",
        ])
    func literalKeepsItsScale(_ text: String) throws {
        #expect(try decimal(text).text == text)
    }

    @Test(
        "JSON's forms read with the scale they imply",
        arguments: [
            ("1e3", "1000"), ("1.50e1", "15.0"), ("1E-2", "0.01"), ("2.5e+1", "25"), ("+1", "1"),
            ("-1.5e-3", "-0.0015"),
        ])
    func exponentForms(_ text: String, _ expected: String) throws {
        #expect(try decimal(text).text == expected)
    }

    @Test(
        "not a decimal",
        arguments: [
            "", "-", "1.", ".5", "1e", "1a", "1.2.3", "--1", "1 ", " 1", "1e1000", "0x10",
            "1234567890123456789012345678901234567890",
        ])
    func rejected(_ text: String) {
        #expect(FHIRPathDecimal(text: text) == nil)
    }

    @Test(
        "precision() counts the decimal places written",
        arguments: [
            ("1.58700", 5), ("1", 0), ("0.0", 1), ("1.5e-3", 4),
        ])
    func precisionDigits(_ text: String, _ digits: Int) throws {
        #expect(try decimal(text).precisionDigits == digits)
    }

    @Test(
        "an exact Int only",
        arguments: [
            ("2.0", 2 as Int?), ("-3", -3), ("2.5", nil), ("99999999999999999999", nil),
        ])
    func intValue(_ text: String, _ expected: Int?) throws {
        #expect(try decimal(text).intValue == expected)
    }

    // MARK: - Equality, order, equivalence

    @Test(
        "= ignores the scale (suite testEquality12–16)",
        arguments: [
            ("1.1", "1.1", true), ("1.1", "1.2", false), ("1.10", "1.1", true), ("0.0", "0", true), ("-0.0", "0", true),
        ])
    func equality(_ left: String, _ right: String, _ equal: Bool) throws {
        let (a, b) = (try decimal(left), try decimal(right))
        #expect((a == b) == equal)
        if equal { #expect(a.hashValue == b.hashValue) }
    }

    @Test(
        "ordering (suite testLessThan2, 9, 16)",
        arguments: [
            ("1.0", "1.2", -1), ("1.0", "1.0", 0), ("1.1", "1.0", 1), ("-2", "1.5", -1), ("1.50", "1.5", 0),
        ])
    func ordering(_ left: String, _ right: String, _ order: Int) throws {
        #expect(try decimal(left).compare(to: decimal(right)) == order)
    }

    @Test(
        "~ rounds to the lesser precision, trailing zeros aside (suite testEquivalent)",
        arguments: [
            ("1.1", "1.1", true), ("1.1", "1.2", false), ("1.10", "1.1", true), ("0.0", "0", true),
            ("0.66666667", "0.67", true), ("0.66666667", "0.6", false), ("1", "1.4", true), ("1", "1.5", false),
        ])
    func equivalence(_ left: String, _ right: String, _ equivalent: Bool) throws {
        let (a, b) = (try decimal(left), try decimal(right))
        #expect(FHIRPathDecimal.equivalent(a, b) == equivalent)
        #expect(FHIRPathDecimal.equivalent(b, a) == equivalent)
    }

    // MARK: - Operators

    @Test(
        "operators and the scale of their results",
        arguments: [
            ("1.2", "+", "1.8", "3.0" as String?), ("1.8", "-", "1.2", "0.6"), ("1.2", "*", "1.8", "2.16"),
            ("1.2", "/", "1.8", "0.66666667"), ("4.0", "/", "2.0", "2.0"), ("1", "/", "2", "0.5"), ("4", "/", "2", "2"),
            ("1", "/", "0", nil), ("5", "div", "2", "2"), ("2.2", "div", "1.8", "1"), ("-5", "div", "2", "-2"),
            ("5", "div", "0", nil), ("5", "mod", "2", "1"), ("2.2", "mod", "1.8", "0.4"), ("-5", "mod", "3", "-2"),
            ("1", "mod", "1", "0"), ("5", "mod", "0", nil),
        ])
    func operatorResult(_ left: String, _ op: String, _ right: String, _ expected: String?) throws {
        let (a, b) = (try decimal(left), try decimal(right))
        let result: FHIRPathDecimal? =
            switch op {
            case "+": a + b
            case "-": a - b
            case "*": a * b
            case "/": a / b
            case "div": a.div(b)
            default: a.mod(b)
            }
        #expect(result?.text == expected)
    }

    @Test("unary minus leaves no signed zero", arguments: [("0.0", "0.0"), ("-1.5", "1.5"), ("120.50", "-120.50")])
    func negation(_ text: String, _ expected: String) throws {
        #expect(try decimal(text).negated.text == expected)
    }

    // MARK: - Functions

    @Test(
        "round() is half away from zero (suite testRound, testDivide5)",
        arguments: [
            ("3.14159", 3, "3.142" as String?), ("1", 0, "1"), ("2.5", 0, "3"), ("-2.5", 0, "-3"),
            ("0.66666667", 2, "0.67"),
            ("1.5", -1, nil),
        ])
    func round(_ text: String, _ places: Int, _ expected: String?) throws {
        #expect(try decimal(text).round(places)?.text == expected)
    }

    @Test(
        "ceiling, floor, truncate and abs (suite testCeiling, testFloor, testTruncate, testAbs)",
        arguments: [
            ("1", "1", "1", "1", "1"), ("-1.1", "-1", "-2", "-1", "1.1"), ("1.1", "2", "1", "1", "1.1"),
            ("2.1", "3", "2", "2", "2.1"), ("-2.1", "-2", "-3", "-2", "2.1"), ("101", "101", "101", "101", "101"),
            ("1.00000001", "2", "1", "1", "1.00000001"), ("-1.56", "-1", "-2", "-1", "1.56"),
            ("-5.5", "-5", "-6", "-5", "5.5"),
        ])
    func wholeParts(_ text: String, _ ceiling: String, _ floor: String, _ truncated: String, _ magnitude: String)
        throws
    {
        let value = try decimal(text)
        #expect(value.ceiling().text == ceiling)
        #expect(value.floor().text == floor)
        #expect(value.truncate().text == truncated)
        #expect(value.magnitude.text == magnitude)
    }

    @Test(
        "math through Double where results are irrational (suite testSqrt, testExp, testLn, testLog, testPower)",
        arguments: [
            ("sqrt", "81", "", "9" as String?), ("sqrt", "-1", "", nil), ("sqrt", "2", "", "1.4142135623731"),
            ("exp", "0", "", "1"), ("exp", "-0.0", "", "1"), ("exp", "100000", "", nil),
            ("ln", "1", "", "0"), ("ln", "1.0", "", "0"), ("ln", "0", "", nil),
            ("log", "16", "2", "4"), ("log", "100.0", "10.0", "2"), ("log", "1000", "10", "3"), ("log", "5", "1", nil),
            ("power", "2", "3", "8"), ("power", "2.5", "2", "6.25"), ("power", "-1", "0.5", nil),
            ("power", "2", "-2", "0.25"), ("power", "0", "-1", nil), ("power", "4", "0.5", "2"),
        ])
    func math(_ function: String, _ input: String, _ argument: String, _ expected: String?) throws {
        let value = try decimal(input)
        let other = FHIRPathDecimal(text: argument) ?? FHIRPathDecimal(0)
        let result: FHIRPathDecimal? =
            switch function {
            case "sqrt": value.sqrt()
            case "exp": value.exp()
            case "ln": value.ln()
            case "log": value.log(other)
            default: value.power(other)
            }
        #expect(result?.text == expected)
    }

    // MARK: - Boundaries

    @Test(
        "lowBoundary (suite LowBoundary)",
        arguments: [
            ("1.587", nil, "1.58650000" as String?), ("1.587", 6, "1.586500"), ("1.587", 2, "1.58"), ("1.587", -1, nil),
            ("1.587", 0, "1"), ("1.587", 32, nil), ("1.587", 39, nil), ("-1.587", nil, "-1.58750000"),
            ("-1.587", 6, "-1.587500"), ("-1.587", 2, "-1.59"), ("-1.587", 0, "-2"), ("-1.587", 32, nil),
            ("1", nil, "0.50000000"), ("1", 0, "0"), ("1", 5, "0.50000"), ("12.587", 2, "12.58"),
            ("12.500", 4, "12.4995"), ("120", 2, "119.50"), ("-120", 2, "-120.50"), ("0.0034", 1, "0.0"),
            ("-0.0034", 1, "-0.0"),
        ] as [(String, Int?, String?)])
    func lowBoundary(_ text: String, _ precision: Int?, _ expected: String?) throws {
        #expect(try decimal(text).lowBoundary(precision: precision)?.text == expected)
    }

    @Test(
        "highBoundary (suite HighBoundary)",
        arguments: [
            ("1.587", nil, "1.58750000" as String?), ("1.587", 2, "1.59"), ("1.587", 6, "1.587500"), ("1.587", -1, nil),
            ("-1.587", nil, "-1.58650000"), ("-1.587", 2, "-1.58"), ("-1.587", 6, "-1.586500"), ("1.587", 39, nil),
            ("1", nil, "1.50000000"), ("1", 0, "2"), ("1", 5, "1.50000"), ("12.587", 2, "12.59"),
            ("12.500", 4, "12.5005"), ("120", 2, "120.50"), ("0.0034", 1, "0.0"), ("1.587", 8, "1.58750000"),
        ] as [(String, Int?, String?)])
    func highBoundary(_ text: String, _ precision: Int?, _ expected: String?) throws {
        #expect(try decimal(text).highBoundary(precision: precision)?.text == expected)
    }

    /// `-120.highBoundary(2)` and `-0.0034.highBoundary(1)` negate the boundary of the positive value.
    @Test(
        "minus applied to a boundary (suite HighBoundaryDecimal14, 16)",
        arguments: [
            ("120", 2, "-120.50"), ("0.0034", 1, "0.0"),
        ])
    func negatedBoundary(_ text: String, _ precision: Int, _ expected: String) throws {
        #expect(try decimal(text).highBoundary(precision: precision)?.negated.text == expected)
    }
}
