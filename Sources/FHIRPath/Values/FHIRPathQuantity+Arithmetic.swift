import Foundation

/// `+`, `-`, `*` and `/` on quantities, and conversion to another unit (toQuantity(unit)).
///
/// `+` and `-` need units of one dimension; the result is in the left unit, unless the right value
/// would convert into it only approximately while the left converts into the right unit exactly
/// (`1 week + 1 day` is `8 day`, not `1.14285714 week`). `*` and `/` combine the units: like terms
/// add exponents, and a unit of a dimension already present is converted into the one there, so
/// `2.0 'cm' * 2.0 'm'` is `400.00 'cm2'` and `1.0 'm' / 1.0 'm'` is `1.0 '1'`. A number in these
/// operations is the quantity of unit `'1'`, and scales the other without touching its unit
/// (`3 days * 2` is `6 days`). Nil where FHIRPath's result is empty or an error.
extension FHIRPathQuantity {
    public static func add(_ lhs: Self, _ rhs: Self) -> Self? { sum(lhs, rhs, subtracting: false) }

    public static func subtract(_ lhs: Self, _ rhs: Self) -> Self? { sum(lhs, rhs, subtracting: true) }

    /// `*`; nil for `year` or `month`, whose length varies, or a unit that is not UCUM syntax.
    public static func multiply(_ lhs: Self, _ rhs: Self) -> Self? { product(lhs, rhs, dividing: false) }

    /// `/`; nil also for a zero divisor.
    public static func divide(_ lhs: Self, _ rhs: Self) -> Self? { product(lhs, rhs, dividing: true) }

    public static func + (lhs: Self, rhs: Self) -> Self? { add(lhs, rhs) }
    public static func - (lhs: Self, rhs: Self) -> Self? { subtract(lhs, rhs) }
    public static func * (lhs: Self, rhs: Self) -> Self? { multiply(lhs, rhs) }
    public static func / (lhs: Self, rhs: Self) -> Self? { divide(lhs, rhs) }

    /// toQuantity(unit): the same amount in `target`, a UCUM code or a calendar word; nil when the
    /// units do not compare by `=`'s rules (`1 year` has no length in days).
    public func converted(to target: String) -> Self? {
        let isWord = CalendarUnit(word: target) != nil
        let goal = Self(value: value, unit: target, isCalendarWord: isWord)
        if target == unit { return goal }
        guard let from = canonical(calendarAsUCUM: false), let to = goal.canonical(calendarAsUCUM: false),
            from.dimension == to.dimension, let ratio = from.factor / to.factor,
            let converted = value.scaled(by: ratio)
        else { return nil }
        return Self(value: converted, unit: target, isCalendarWord: isWord)
    }

    private static func sum(_ lhs: Self, _ rhs: Self, subtracting: Bool) -> Self? {
        guard let (left, right, unitOf) = aligned(lhs, rhs),
            let result = subtracting ? left.subtracting(right) : left.adding(right)
        else { return nil }
        return Self(value: result, unit: unitOf.unit, isCalendarWord: unitOf.isCalendarWord)
    }

    /// Both values in one unit, and the quantity whose unit that is.
    private static func aligned(_ lhs: Self, _ rhs: Self) -> (FHIRPathDecimal, FHIRPathDecimal, Self)? {
        if lhs.unit == rhs.unit { return (lhs.value, rhs.value, lhs) }
        guard let left = lhs.canonical(calendarAsUCUM: false), let right = rhs.canonical(calendarAsUCUM: false),
            left.dimension == right.dimension,
            let toLeft = right.factor / left.factor, let toRight = left.factor / right.factor
        else { return nil }
        if toLeft.exactDecimal == nil, toRight.exactDecimal != nil {
            return lhs.value.scaled(by: toRight).map { ($0, rhs.value, rhs) }
        }
        return rhs.value.scaled(by: toLeft).map { (lhs.value, $0, lhs) }
    }

    private static func product(_ lhs: Self, _ rhs: Self, dividing: Bool) -> Self? {
        let raw = dividing ? lhs.value.divided(by: rhs.value) : lhs.value.multiplied(by: rhs.value)
        guard let raw else { return nil }
        // A plain number scales the other quantity, whose unit stays as written (`3 days * 2` is
        // `6 days`, and works for `year` too).
        if rhs.unit == "1" { return Self(value: raw, unit: lhs.unit, isCalendarWord: lhs.isCalendarWord) }
        if lhs.unit == "1", !dividing { return Self(value: raw, unit: rhs.unit, isCalendarWord: rhs.isCalendarWord) }
        guard var terms = lhs.algebraTerms, let others = rhs.algebraTerms else { return nil }
        var ratio = UCUMFactor.one
        for var term in others {
            if dividing { term.exponent = -term.exponent }
            guard merge(term, into: &terms, ratio: &ratio) else { return nil }
        }
        guard let value = raw.scaled(by: ratio) else { return nil }
        return Self(value: value, unit: UCUMExpression.text(terms.filter { $0.exponent != 0 }))
    }

    /// The unit as terms for `*` and `/`: a definite calendar word as its UCUM code (`week` is `wk`);
    /// nil for `year` and `month`, and for a unit that is not UCUM syntax.
    private var algebraTerms: [UCUMTerm]? {
        guard let calendar = CalendarUnit(word: unit) else { return UCUMExpression.terms(unit) }
        return calendar.isDefinite ? UCUMExpression.terms(calendar.ucumCode) : nil
    }

    /// Adds `term` to `terms`: onto a like term (`m` onto `m`), or onto a unit of its dimension after
    /// converting (`m` onto `cm`, `ratio` taking 100 for each power); appended otherwise. False when
    /// the conversion factor leaves `Decimal`'s range.
    private static func merge(_ term: UCUMTerm, into terms: inout [UCUMTerm], ratio: inout UCUMFactor) -> Bool {
        if let index = terms.firstIndex(where: { $0.key == term.key }) {
            terms[index].exponent += term.exponent
            return true
        }
        let units = UCUMUnits.standard
        guard term.isUnit, let own = units.canonical(ofSymbol: term.symbol), !own.dimension.isDimensionless,
            let index = terms.firstIndex(where: {
                $0.isUnit && units.canonical(ofSymbol: $0.symbol)?.dimension == own.dimension
            }),
            let target = units.canonical(ofSymbol: terms[index].symbol)
        else {
            terms.append(term)
            return true
        }
        guard let step = own.factor / target.factor, let power = step.raised(to: term.exponent),
            let combined = ratio * power
        else { return false }
        ratio = combined
        terms[index].exponent += term.exponent
        return true
    }
}

extension FHIRPathDecimal {
    /// This value times `ratio`: exact when the ratio is a terminating decimal (`0.001`, its places
    /// added to the scale as `*` adds them: `4040 'mg'` is `4.040 'g'`); otherwise a quotient (`1/7`)
    /// rounded as `/` rounds.
    func scaled(by ratio: UCUMFactor) -> FHIRPathDecimal? {
        if let exact = ratio.exactDecimal {
            return exact == 1 ? self : multiplied(by: FHIRPathDecimal(exactly: exact))
        }
        guard let top = DecimalMath.product(value, ratio.numerator),
            let quotient = DecimalMath.quotient(top, ratio.denominator)
        else { return nil }
        return .quotient(quotient, keeping: scale)
    }
}
