import Foundation

/// A FHIRPath `Quantity`: a decimal and a unit, either a UCUM code written in quotes (`4 'mg'`,
/// `1 'wk'`) or a calendar duration word (`1 week`, `3 days`).
///
/// Units compare and convert through `UCUMUnits`. Calendar words follow FHIRPath's rules for
/// time-valued quantities: for `=` and ordering, `week` down to `millisecond` are the UCUM codes
/// `wk` … `ms`, but `year` and `month` are calendar units that compare only with each other (a
/// year is 12 months), not with `'a'` or `'mo'` or days; for `~` they count as `'a'` and `'mo'`
/// (`1 year ~ 1 'a'`). A quoted keyword (`1 'month'`, which UCUM does not define) means the word.
///
/// Swift `==` compares the parts (the value ignoring its scale, the unit as written, and how it was
/// written); FHIRPath's `=`, which converts units, is `equal(_:_:)`.
public struct FHIRPathQuantity: Sendable, Hashable, CustomStringConvertible {
    public let value: FHIRPathDecimal
    /// The unit as written, without quotes: `mg`, `wk`, `1`, `days`.
    public let unit: String
    /// Whether the unit was written as a calendar word (`week`) rather than a quoted code; only
    /// `text` depends on it.
    public let isCalendarWord: Bool

    public init(value: FHIRPathDecimal, unit: String = "1", isCalendarWord: Bool = false) {
        self.value = value
        self.unit = unit
        self.isCalendarWord = isCalendarWord
    }

    /// A number as a quantity, with FHIRPath's default unit `'1'`.
    public init(_ number: FHIRPathDecimal) {
        self.init(value: number, unit: "1")
    }

    /// Reads the string form toQuantity() and convertsToQuantity() accept: a number with an optional
    /// sign, then optionally spaces and a quoted UCUM unit (`1 'wk'`) or a calendar word (`1 day`).
    /// A bare number has unit `'1'`; an unquoted unit that is not a calendar word (`1 wk`) is nil.
    public init?(parsing text: String) {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        guard let value = FHIRPathDecimal(text: String(number)) else { return nil }
        let rest = text.dropFirst(number.count).drop(while: \.isWhitespace)
        if rest.isEmpty {
            self.init(value: value)
        } else if rest.first == "'" {
            guard rest.count > 2, rest.last == "'" else { return nil }
            let code = rest.dropFirst().dropLast()
            guard !code.contains("'"), !code.contains(where: \.isWhitespace) else { return nil }
            self.init(value: value, unit: String(code))
        } else {
            guard CalendarUnit(word: String(rest)) != nil else { return nil }
            self.init(value: value, unit: String(rest), isCalendarWord: true)
        }
    }

    /// toString(): `1 'wk'` for a code, `1 week` for a calendar word, the value at its own scale.
    public var text: String {
        isCalendarWord ? "\(value.text) \(unit)" : "\(value.text) '\(unit)'"
    }

    public var description: String { text }

    /// FHIRPath's calendar duration words, singular or plural.
    enum CalendarUnit: String, Sendable, CaseIterable {
        case year, month, week, day, hour, minute, second, millisecond

        init?(word: String) {
            let singular = word.hasSuffix("s") ? String(word.dropLast()) : word
            self.init(rawValue: singular)
        }

        /// The UCUM code of the same length; for `year` and `month`, UCUM's averages `a` and `mo`.
        var ucumCode: String {
            switch self {
            case .year: "a"
            case .month: "mo"
            case .week: "wk"
            case .day: "d"
            case .hour: "h"
            case .minute: "min"
            case .second: "s"
            case .millisecond: "ms"
            }
        }

        /// Whether the unit has a fixed length; years and months follow the calendar.
        var isDefinite: Bool { self != .year && self != .month }
    }

    /// The unit in base units. With `calendarAsUCUM` false (for `=`, ordering and arithmetic),
    /// `year` and `month` are counted in calendar months, a dimension of their own; with it true
    /// (for `~`) they are UCUM's `a` and `mo`. Nil for a unit the table does not know.
    func canonical(calendarAsUCUM: Bool) -> UCUMCanonical? {
        guard let calendar = CalendarUnit(word: unit) else { return UCUMUnits.standard.canonical(unit) }
        if calendar.isDefinite || calendarAsUCUM { return UCUMUnits.standard.canonical(calendar.ucumCode) }
        return UCUMCanonical(base: "{calendar month}", factor: calendar == .year ? 12 : 1)
    }

    /// abs(), keeping the unit.
    public var magnitude: Self { Self(value: value.magnitude, unit: unit, isCalendarWord: isCalendarWord) }

    /// Unary minus, keeping the unit.
    public var negated: Self { Self(value: value.negated, unit: unit, isCalendarWord: isCalendarWord) }

    public static prefix func - (operand: Self) -> Self { operand.negated }

    /// round(places) on the value, keeping the unit; nil where the decimal's `round` is.
    public func round(_ places: Int = 0) -> Self? {
        value.round(places).map { Self(value: $0, unit: unit, isCalendarWord: isCalendarWord) }
    }

    /// lowBoundary(precision) of the value, keeping the unit (`1.587 'cm'` gives `1.58650000 'cm'`).
    public func lowBoundary(precision: Int? = nil) -> Self? {
        value.lowBoundary(precision: precision).map { Self(value: $0, unit: unit, isCalendarWord: isCalendarWord) }
    }

    /// highBoundary(precision) of the value, keeping the unit.
    public func highBoundary(precision: Int? = nil) -> Self? {
        value.highBoundary(precision: precision).map { Self(value: $0, unit: unit, isCalendarWord: isCalendarWord) }
    }
}

/// `=`, `~`, ordering and comparable().
extension FHIRPathQuantity {
    /// `=`: nil when the units do not compare (`g` and `m`, `year` and `'a'`, a unit the table lacks
    /// unless both are written the same). `4.0000 'g' = 4000.0 'mg'` and `7 days = 1 week`.
    public static func equal(_ lhs: Self, _ rhs: Self) -> Bool? {
        compare(lhs, rhs).map { $0 == 0 }
    }

    /// -1, 0 or 1 for `<`, `=`, `>`; nil when the units do not compare. The amounts are compared in
    /// base units, cross-multiplied so that no division rounds.
    public static func compare(_ lhs: Self, _ rhs: Self) -> Int? {
        if lhs.unit == rhs.unit { return lhs.value.compare(to: rhs.value) }
        guard let left = lhs.canonical(calendarAsUCUM: false), let right = rhs.canonical(calendarAsUCUM: false),
            left.dimension == right.dimension,
            let a = product(lhs.value.value, left.factor.numerator, right.factor.denominator),
            let b = product(rhs.value.value, right.factor.numerator, left.factor.denominator)
        else { return nil }
        return a < b ? -1 : a == b ? 0 : 1
    }

    /// comparable(): whether `=` and the ordering operators can compare the two.
    public static func comparable(_ lhs: Self, _ rhs: Self) -> Bool { compare(lhs, rhs) != nil }

    /// `~`: the finer quantity is converted into the coarser one's unit, the one whose last written
    /// digit is worth more, and the values must be equivalent as decimals there, at the lesser
    /// precision: `4 'g' ~ 4040 'mg'` (4.040 g rounds to 4 g). False when the units do not compare.
    public static func equivalent(_ lhs: Self, _ rhs: Self) -> Bool {
        if lhs.unit == rhs.unit { return lhs.value.isEquivalent(to: rhs.value) }
        guard let left = lhs.canonical(calendarAsUCUM: true), let right = rhs.canonical(calendarAsUCUM: true),
            left.dimension == right.dimension,
            let leftStep = step(lhs.value, left.factor, right.factor.denominator),
            let rightStep = step(rhs.value, right.factor, left.factor.denominator)
        else { return false }
        let leftIsCoarser = leftStep >= rightStep
        let (coarse, fine) = leftIsCoarser ? (lhs, rhs) : (rhs, lhs)
        let (coarseUnit, fineUnit) = leftIsCoarser ? (left, right) : (right, left)
        guard let ratio = fineUnit.factor / coarseUnit.factor, let converted = fine.value.scaled(by: ratio) else {
            return false
        }
        return coarse.value.isEquivalent(to: converted)
    }

    /// What the last significant digit of `value` is worth in base units, times `other` (the other
    /// factor's denominator, so that two steps compare without dividing).
    private static func step(_ value: FHIRPathDecimal, _ factor: UCUMFactor, _ other: Decimal) -> Decimal? {
        product(DecimalMath.tenToThe(-value.significantScale), factor.numerator, other)
    }

    private static func product(_ a: Decimal, _ b: Decimal, _ c: Decimal) -> Decimal? {
        DecimalMath.product(a, b).flatMap { DecimalMath.product($0, c) }
    }
}
