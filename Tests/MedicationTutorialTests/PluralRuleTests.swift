import MedicationTutorial
import Testing

@Suite("CLDR plural rules and operands")
struct PluralRuleTests {
    @Test(arguments: [
        ("1", 1.0, 1, 0, 0, 0, 0), ("1.50", 1.5, 1, 2, 1, 50, 5), ("0.5", 0.5, 0, 1, 1, 5, 5),
        ("12", 12, 12, 0, 0, 0, 0), ("1.0", 1, 1, 1, 0, 0, 0), ("-3", 3, 3, 0, 0, 0, 0),
    ])
    func operandsComeFromTheWrittenNumber(
        text: String, n: Double, i: Int, v: Int, w: Int, f: Int, t: Int
    ) throws {
        let operands = try #require(PluralOperands(text))
        #expect([operands.n] == [n])
        #expect([operands.i, operands.v, operands.w, operands.f, operands.t] == [i, v, w, f, t])
    }

    @Test func notANumberHasNoOperands() {
        #expect(PluralOperands("abc") == nil)
        #expect(PluralOperands("") == nil)
        #expect(PluralOperands("1e3") == nil)
    }

    /// Rules copied from the CLDR charts for languages with other plural systems than English.
    static let languages: [(name: String, rules: [(PluralCategory, String)], cases: [(String, PluralCategory)])] = [
        ("English", [(.one, "i = 1 and v = 0")], [("1", .one), ("1.0", .other), ("0", .other), ("2", .other)]),
        (
            "French", [(.one, "i = 0,1"), (.many, "e = 0 and i != 0 and i % 1000000 = 0 and v = 0")],
            [("0", .one), ("1.5", .one), ("2", .other)]
        ),
        (
            "Polish",
            [
                (.one, "i = 1 and v = 0"), (.few, "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"),
                (.many, "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"),
            ], [("1", .one), ("2", .few), ("22", .few), ("12", .many), ("5", .many), ("1.5", .other)]
        ),
        (
            "Arabic",
            [
                (.zero, "n = 0"), (.one, "n = 1"), (.two, "n = 2"), (.few, "n % 100 = 3..10"),
                (.many, "n % 100 = 11..99"),
            ], [("0", .zero), ("1", .one), ("2", .two), ("7", .few), ("11", .many), ("100", .other), ("3.5", .other)]
        ),
    ]

    @Test(arguments: languages.map(\.name))
    func rulesPickTheCategory(name: String) throws {
        let language = try #require(Self.languages.first { $0.name == name })
        let rules = PluralRules(try language.rules.map { ($0.0, try PluralRule(parsing: $0.1 + " @integer 1, 2")) })
        for (number, category) in language.cases {
            #expect(rules.category(of: number[...]) == category, "\(name) \(number)")
        }
    }

    @Test(arguments: ["i", "x = 1", "i = ", "i % 0 = 1", "i = 4..2", "i = one"])
    func malformedRulesAreRefused(rule: String) {
        #expect(throws: PluralRuleError.self) { try PluralRule(parsing: rule) }
    }
}

@Suite("Message templates")
struct MessageTemplateTests {
    @Test func placeholdersAreFilledAndUnknownOnesStayVisible() {
        let template = MessageTemplate("every {period} ({missing}) {not a name} {")
        #expect(template.placeholders == ["period", "missing"])
        #expect(template.render([("period", "8 hours")]) == "every 8 hours ({missing}) {not a name} {")
    }
}
