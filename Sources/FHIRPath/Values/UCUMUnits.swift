import FHIRModel
import Foundation

/// The UCUM units FHIRPath quantities convert between, read once from `Bundled/ucum-units.txt`
/// (its header describes the format and what is left out). A unit expression such as `mg/dL`,
/// `kg.m/s2` or `mm[Hg]` reduces to a factor and a dimension over the base units; two units
/// convert when their dimensions agree.
public struct UCUMUnits: Sendable {
    /// A unit atom of the table: what one of it is in base units, and whether it takes a prefix.
    struct Atom: Sendable {
        let canonical: UCUMCanonical
        let isMetric: Bool
    }

    private var atoms: [String: Atom] = [:]
    private var prefixes: [String: Decimal] = [:]

    /// The bundled table (a renamed file does not build). Empty if it is malformed, which the
    /// tests rule out: units then compare only with themselves instead of the program stopping.
    public static let standard: UCUMUnits = (try? UCUMUnits(table: BundledFiles.ucumUnitsTXT)) ?? UCUMUnits()

    init() {}

    /// Reads a table in the format of `ucum-units.txt`; a definition may use only earlier lines.
    public init(table: String, file: String = "ucum-units.txt") throws(FileError) {
        for (index, line) in table.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix(while: { $0 != "#" })
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let kind = fields.first else { continue }
            if let problem = read(kind: kind, fields: Array(fields.dropFirst())) {
                throw FileError(file: file, line: index + 1, problem: problem)
            }
        }
    }

    /// Adds one line's entry; the problem when it cannot.
    private mutating func read(kind: String, fields: [String]) -> String? {
        switch (kind, fields.count) {
        case ("base", 1):
            atoms[fields[0]] = Atom(canonical: UCUMCanonical(base: fields[0]), isMetric: true)
        case ("prefix", 2):
            guard let value = FHIRPathDecimal(text: fields[1])?.value else { return "bad value \(fields[1])" }
            prefixes[fields[0]] = value
        case ("unit", 4):
            guard fields[1] == "yes" || fields[1] == "no" else { return "metric must be yes or no" }
            guard let value = FHIRPathDecimal(text: fields[2])?.value, value > 0 else { return "bad value" }
            guard let definition = canonical(fields[3]),
                let factor = definition.factor * UCUMFactor(numerator: value, denominator: 1)
            else { return "cannot read the definition \(fields[3])" }
            let canonical = UCUMCanonical(factor: factor, dimension: definition.dimension)
            atoms[fields[0]] = Atom(canonical: canonical, isMetric: fields[1] == "yes")
        default:
            return "expected base CODE, prefix CODE VALUE or unit CODE METRIC VALUE DEFINITION"
        }
        return nil
    }

    /// Whether `expression` is a unit expression this table can reduce to base units.
    public func isKnown(_ expression: String) -> Bool { canonical(expression) != nil }

    /// What one `expression` is in base units; nil for bad syntax or an unknown unit.
    func canonical(_ expression: String) -> UCUMCanonical? {
        guard let terms = UCUMExpression.terms(expression) else { return nil }
        var result = UCUMCanonical.unity
        for term in terms {
            guard let single = canonical(of: term), let combined = result.multiplied(by: single) else { return nil }
            result = combined
        }
        return result
    }

    /// One term with its exponent: a unit, a whole-number factor, or an annotation (worth 1).
    func canonical(of term: UCUMTerm) -> UCUMCanonical? {
        let one: UCUMCanonical?
        if term.symbol.isEmpty {
            one = .unity
        } else if let number = term.number {
            // A zero factor would make every amount zero, and equal to every other.
            guard number > 0 else { return nil }
            one = UCUMCanonical(factor: UCUMFactor(numerator: number, denominator: 1), dimension: .none)
        } else {
            one = canonical(ofSymbol: term.symbol)
        }
        return one?.raised(to: term.exponent)
    }

    /// A unit symbol: an atom of the table, or a prefix followed by a metric atom (`mg`, `dL`).
    /// The atom is tried first, so `min` is minutes and `cd` the candela.
    func canonical(ofSymbol symbol: String) -> UCUMCanonical? {
        if let atom = atoms[symbol] { return atom.canonical }
        for (prefix, power) in prefixes where symbol.hasPrefix(prefix) {
            guard let atom = atoms[String(symbol.dropFirst(prefix.count))], atom.isMetric,
                let factor = atom.canonical.factor * UCUMFactor(numerator: power, denominator: 1)
            else { continue }
            return UCUMCanonical(factor: factor, dimension: atom.canonical.dimension)
        }
        return nil
    }
}

/// A unit reduced to base units: one of it is `factor` times the base units of `dimension`.
struct UCUMCanonical: Sendable {
    var factor: UCUMFactor
    var dimension: UCUMDimension

    static let unity = UCUMCanonical(factor: .one, dimension: .none)

    init(factor: UCUMFactor, dimension: UCUMDimension) {
        self.factor = factor
        self.dimension = dimension
    }

    /// A base unit, or any other quantity kept apart from the rest (FHIRPath's calendar months).
    init(base: String, factor: Decimal = 1) {
        self.init(factor: UCUMFactor(numerator: factor, denominator: 1), dimension: UCUMDimension(base: base))
    }

    func multiplied(by other: UCUMCanonical) -> UCUMCanonical? {
        (factor * other.factor).map { UCUMCanonical(factor: $0, dimension: dimension * other.dimension) }
    }

    func raised(to exponent: Int) -> UCUMCanonical? {
        factor.raised(to: exponent).map { UCUMCanonical(factor: $0, dimension: dimension.raised(to: exponent)) }
    }
}

/// Exponents of base units (`g/m2` is g¹·m⁻²); zero exponents are left out, so equal dimensions
/// compare equal.
struct UCUMDimension: Sendable, Hashable {
    private(set) var exponents: [String: Int] = [:]

    static let none = UCUMDimension()

    private init() {}

    init(base: String) { exponents = [base: 1] }

    var isDimensionless: Bool { exponents.isEmpty }

    static func * (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        for (base, exponent) in rhs.exponents {
            let sum = result.exponents[base, default: 0] + exponent
            result.exponents[base] = sum == 0 ? nil : sum
        }
        return result
    }

    func raised(to power: Int) -> Self {
        var result = Self()
        for (base, exponent) in exponents where power != 0 {
            result.exponents[base] = exponent * power
        }
        return result
    }
}

/// An exact positive ratio of two decimals. UCUM builds units by multiplying and dividing exact
/// decimals (`[tsp_us]` is a third of `[tbs_us]`, `[in_i]-1` is 1/2.54 cm⁻¹); keeping the division
/// apart keeps comparisons exact, and only a conversion's result is ever rounded.
struct UCUMFactor: Sendable {
    let numerator: Decimal
    let denominator: Decimal

    static let one = UCUMFactor(numerator: 1, denominator: 1)

    /// The ratio as a decimal when that is exact (`0.001`, `7`); nil for `1/7`.
    var exactDecimal: Decimal? {
        guard let quotient = DecimalMath.quotient(numerator, denominator),
            let back = DecimalMath.product(quotient, denominator), back == numerator
        else { return nil }
        return quotient
    }

    var reciprocal: UCUMFactor { UCUMFactor(numerator: denominator, denominator: numerator) }

    /// Nil when a part leaves `Decimal`'s range.
    static func * (lhs: Self, rhs: Self) -> Self? {
        guard let numerator = DecimalMath.product(lhs.numerator, rhs.numerator),
            let denominator = DecimalMath.product(lhs.denominator, rhs.denominator)
        else { return nil }
        return UCUMFactor(numerator: numerator, denominator: denominator).reduced
    }

    static func / (lhs: Self, rhs: Self) -> Self? { lhs * rhs.reciprocal }

    func raised(to exponent: Int) -> Self? {
        let base = exponent < 0 ? reciprocal : self
        guard let numerator = DecimalMath.power(base.numerator, Swift.abs(exponent)),
            let denominator = DecimalMath.power(base.denominator, Swift.abs(exponent))
        else { return nil }
        return UCUMFactor(numerator: numerator, denominator: denominator).reduced
    }

    /// A whole ratio folded into the numerator, which keeps long chains of definitions short.
    private var reduced: Self {
        guard denominator != 1, let exact = exactDecimal else { return self }
        return UCUMFactor(numerator: exact, denominator: 1)
    }
}

/// One factor of a unit expression with its exponent: a unit symbol (`mg`, `[in_i]`, `10*`),
/// a whole number (`24` in `mg/24.h`), or a bare annotation (`{score}`, worth 1).
struct UCUMTerm: Sendable, Hashable {
    /// The prefixed atom or the number as written; empty for a bare annotation.
    var symbol: String
    /// A trailing `{…}` as written, or empty. It means nothing but is kept for display.
    var annotation: String
    var exponent: Int

    /// The value of a whole-number term.
    var number: Decimal? {
        symbol.allSatisfy(\.isASCIIDigit) ? Decimal(string: symbol) : nil
    }

    /// A unit symbol, which can take an exponent and be converted.
    var isUnit: Bool { !symbol.isEmpty && number == nil }

    /// What identifies the term when like terms are merged (`m` in `m.m`).
    var key: String { symbol + annotation }

    /// Reads `m2`, `s-1`, `10*3`, `mg{total}`, `24` or `{score}`.
    init?(_ text: Substring) {
        var body = text
        annotation = ""
        if let open = body.firstIndex(of: "{") {
            guard body.last == "}", body[open...].dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
            else { return nil }
            annotation = String(body[open...])
            body = body[..<open]
        }
        exponent = 1
        if !body.allSatisfy(\.isASCIIDigit) {
            let digits = body.reversed().prefix(while: \.isASCIIDigit).count
            if digits > 0 {
                guard digits <= 3, let magnitude = Int(body.suffix(digits)) else { return nil }
                body = body.dropLast(digits)
                let sign = body.last
                if sign == "-" || sign == "+" { body = body.dropLast() }
                exponent = sign == "-" ? -magnitude : magnitude
            }
        }
        guard body.allSatisfy({ $0.isASCII && $0 > " " && !"'\"{}()".contains($0) }),
            !body.isEmpty || !annotation.isEmpty, body.isEmpty || body.last != "-" && body.last != "+"
        else { return nil }
        symbol = String(body)
    }

    /// `symbol`, `exponent` written as a numerator (`m2`) or, with `inverse`, as a denominator.
    func text(inverse: Bool) -> String {
        let power = Swift.abs(exponent)
        guard isUnit else { return Array(repeating: key, count: power).joined(separator: inverse ? "/" : ".") }
        return symbol + (power == 1 ? "" : String(power)) + annotation
    }
}

/// UCUM's expression syntax: terms joined by `.` and `/` (left to right), parentheses, and a
/// leading `/` (`/min`). Parsing flattens it into terms with signed exponents.
enum UCUMExpression {
    /// The terms of `text`; nil when it is not a UCUM expression. `1` is no term at all.
    static func terms(_ text: String) -> [UCUMTerm]? {
        var reader = Reader(characters: Array(text))
        guard let terms = reader.expression(depth: 0), reader.index == reader.characters.count else { return nil }
        return terms.filter { $0.symbol != "1" || !$0.annotation.isEmpty }
    }

    /// Terms written back: the numerator joined by `.`, each denominator term after a `/`; `1` when
    /// nothing is left.
    static func text(_ terms: [UCUMTerm]) -> String {
        let numerator = terms.filter { $0.exponent > 0 }.map { $0.text(inverse: false) }.joined(separator: ".")
        let denominator = terms.filter { $0.exponent < 0 }.map { "/" + $0.text(inverse: true) }.joined()
        return numerator.isEmpty && denominator.isEmpty ? "1" : numerator + denominator
    }

    /// A recursive-descent reader over the characters of one expression.
    private struct Reader {
        let characters: [Character]
        var index = 0

        mutating func expression(depth: Int) -> [UCUMTerm]? {
            var terms: [UCUMTerm] = []
            var sign = 1
            if index < characters.count, characters[index] == "/" {
                sign = -1
                index += 1
            }
            while true {
                guard let component = component(depth: depth) else { return nil }
                terms += component.map {
                    UCUMTerm(symbol: $0.symbol, annotation: $0.annotation, exponent: $0.exponent * sign)
                }
                guard index < characters.count, characters[index] != ")" else { return terms }
                guard characters[index] == "." || characters[index] == "/" else { return nil }
                sign = characters[index] == "/" ? -1 : 1
                index += 1
            }
        }

        /// A parenthesized expression or one symbol, which runs to the next operator or parenthesis
        /// outside `[…]` and `{…}` (`[H2O]` and `{a.b}` may hold them).
        private mutating func component(depth: Int) -> [UCUMTerm]? {
            if index < characters.count, characters[index] == "(" {
                index += 1
                guard depth < 8, let inner = expression(depth: depth + 1), index < characters.count,
                    characters[index] == ")"
                else { return nil }
                index += 1
                return inner
            }
            let start = index
            var closing: [Character] = []
            while index < characters.count {
                let character = characters[index]
                if closing.isEmpty, ".()/".contains(character) { break }
                if character == "[" {
                    closing.append("]")
                } else if character == "{" {
                    closing.append("}")
                } else if character == closing.last {
                    closing.removeLast()
                }
                index += 1
            }
            guard closing.isEmpty, index > start else { return nil }
            return UCUMTerm(String(characters[start..<index])[...]).map { [$0] }
        }
    }
}

extension UCUMTerm {
    init(symbol: String, annotation: String, exponent: Int) {
        self.symbol = symbol
        self.annotation = annotation
        self.exponent = exponent
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
