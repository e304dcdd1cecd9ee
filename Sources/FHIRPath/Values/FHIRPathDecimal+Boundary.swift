import Foundation

/// What a decimal's precision means: the range it stands for (`lowBoundary()`, `highBoundary()`)
/// and equivalence (`~`), which compares at the precision of the less precise operand.
extension FHIRPathDecimal {
    /// The precision the boundary functions use when none is given: FHIRPath asks for "at least 8".
    public static let defaultBoundaryPrecision = 8

    /// The scale without trailing zeros, which FHIRPath ignores when `~` judges precision
    /// (`1.10` counts as 1 place).
    public var significantScale: Int {
        var places = scale
        while places > 0, DecimalMath.rounded(value, places: places - 1, .plain) == value {
            places -= 1
        }
        return places
    }

    /// `~` on decimals: equal once both are rounded (half away from zero) to the smaller
    /// significant scale, so `0.66666667 ~ 0.67` and `1.10 ~ 1.1`, but `0.66666667 !~ 0.6`.
    public func isEquivalent(to other: Self) -> Bool {
        let places = Swift.min(significantScale, other.significantScale)
        return DecimalMath.rounded(value, places: places, .plain)
            == DecimalMath.rounded(other.value, places: places, .plain)
    }

    /// `~` as the operators call it.
    public static func equivalent(_ lhs: Self, _ rhs: Self) -> Bool { lhs.isEquivalent(to: rhs) }

    /// lowBoundary(precision): the least value this one may stand for, half a unit of its last written
    /// digit below it, given with `precision` places (default 8). Nil for a precision below 0 or above
    /// `maximumScale`. `1.587` gives `1.58650000`; `(-1.587).lowBoundary(2)` gives `-1.59`.
    public func lowBoundary(precision: Int? = nil) -> Self? {
        boundary(precision: precision, upper: false)
    }

    /// highBoundary(precision): the greatest value this one may stand for, half a unit of its last
    /// written digit above it (`1.587` gives `1.58750000`, `1.highBoundary(0)` gives 2).
    public func highBoundary(precision: Int? = nil) -> Self? {
        boundary(precision: precision, upper: true)
    }

    /// The boundary is worked on the magnitude and signed afterwards, because the suite's results are
    /// symmetric: a negative value's low boundary is minus its magnitude's high one. On a magnitude,
    /// the low edge is cut toward zero (`1.5865` to 2 places is `1.58`) and the high edge is rounded
    /// half up (`1.5875` gives `1.59`, `0.00345` gives `0.0`), which are the suite's results.
    private func boundary(precision: Int?, upper: Bool) -> Self? {
        let places = precision ?? Self.defaultBoundaryPrecision
        guard (0...Self.maximumScale).contains(places) else { return nil }
        let negative = value < 0
        let half = DecimalMath.tenToThe(-scale) / 2
        let awayFromZero = upper != negative
        let edge =
            awayFromZero
            ? DecimalMath.sum(value.magnitude, half) : DecimalMath.difference(value.magnitude, half)
        guard let edge else { return nil }
        let cut =
            awayFromZero
            ? DecimalMath.rounded(edge, places: places, .plain) : DecimalMath.truncated(edge, places: places)
        // A boundary just below zero keeps its sign when it rounds to zero: `(-0.0034).lowBoundary(1)`
        // is `-0.0`.
        let signed = negative ? -cut : cut
        let belowZero = negative ? edge > 0 : edge < 0
        return Self(rounding: signed, scale: places, negativeZero: belowZero)
    }
}
