import Foundation

/// FHIRPath's arithmetic operators and math functions on decimals. Each returns nil where
/// FHIRPath's result is empty (division by zero, `sqrt` of a negative number) or the value leaves
/// `Decimal`'s range; the caller turns nil into an empty collection.
///
/// Scale of a result: `+` and `-` keep the larger scale, `*` adds the scales (at most
/// `maximumScale`), `/` rounds to `quotientScale` places and drops trailing zeros down to the
/// larger scale of its operands (`1 / 2` is `0.5`, `4.0 / 2.0` is `2.0`).
extension FHIRPathDecimal {
    /// `+`, keeping the larger scale (`1.2 + 1.8` is `3.0`).
    public func adding(_ other: Self) -> Self? {
        DecimalMath.sum(value, other.value).map { Self(rounding: $0, scale: Swift.max(scale, other.scale)) }
    }

    /// `-`, keeping the larger scale.
    public func subtracting(_ other: Self) -> Self? {
        DecimalMath.difference(value, other.value).map { Self(rounding: $0, scale: Swift.max(scale, other.scale)) }
    }

    /// `*`, with the scales added (`1.2 * 1.8` is `2.16`) up to `maximumScale`.
    public func multiplied(by other: Self) -> Self? {
        DecimalMath.product(value, other.value).map {
            Self(rounding: $0, scale: Swift.min(scale + other.scale, Self.maximumScale))
        }
    }

    /// `/`; nil when dividing by zero.
    public func divided(by divisor: Self) -> Self? {
        DecimalMath.quotient(value, divisor.value).map { Self.quotient($0, keeping: Swift.max(scale, divisor.scale)) }
    }

    public static func + (lhs: Self, rhs: Self) -> Self? { lhs.adding(rhs) }
    public static func - (lhs: Self, rhs: Self) -> Self? { lhs.subtracting(rhs) }
    public static func * (lhs: Self, rhs: Self) -> Self? { lhs.multiplied(by: rhs) }
    public static func / (lhs: Self, rhs: Self) -> Self? { lhs.divided(by: rhs) }

    /// Unary minus. A zero comes out unsigned, so `-(0.0)` prints `0.0`.
    public var negated: Self { Self(rounding: -value, scale: scale) }

    public static prefix func - (operand: Self) -> Self { operand.negated }

    /// abs(), keeping the scale.
    public var magnitude: Self { Self(rounding: value.magnitude, scale: scale) }

    /// A quotient that cannot be exact in general: `quotientScale` places (more when an operand was
    /// written with more), then trailing zeros dropped, but never below `minimumScale`.
    static func quotient(_ value: Decimal, keeping minimumScale: Int) -> Self {
        let places = Swift.min(Swift.max(quotientScale, minimumScale), maximumScale)
        let rounded = Self(rounding: value, scale: places)
        let kept = Swift.max(rounded.significantScale, Swift.min(minimumScale, places))
        return Self(rounding: rounded.value, scale: kept)
    }

    /// `div`: the quotient truncated toward zero (`5 div 2` is 2, `2.2 div 1.8` is 1). Nil for zero.
    public func div(_ divisor: Self) -> Self? {
        DecimalMath.quotient(value, divisor.value).map {
            Self(rounding: DecimalMath.truncated($0, places: 0), scale: 0)
        }
    }

    /// `div` as the Integer FHIRPath returns; nil for a zero divisor or a quotient beyond `Int`.
    public func integerDivided(by divisor: Self) -> Int? { div(divisor)?.intValue }

    /// `mod`: the remainder of the truncated division, with the dividend's sign (`2.2 mod 1.8` is
    /// 0.4, `-5 mod 3` is -2). Nil for a zero divisor.
    public func mod(_ divisor: Self) -> Self? {
        guard let whole = div(divisor), let taken = DecimalMath.product(divisor.value, whole.value),
            let rest = DecimalMath.difference(value, taken)
        else { return nil }
        return Self(rounding: rest, scale: Swift.max(scale, divisor.scale))
    }

    /// `mod` under the name the operators use.
    public func remainder(dividingBy divisor: Self) -> Self? { mod(divisor) }

    /// ceiling(): the least whole number not below the value (an Integer in FHIRPath: see `intValue`).
    public func ceiling() -> Self { Self(rounding: DecimalMath.rounded(value, places: 0, .up), scale: 0) }

    /// floor(): the greatest whole number not above the value.
    public func floor() -> Self { Self(rounding: DecimalMath.rounded(value, places: 0, .down), scale: 0) }

    /// truncate(): the integer part (`-1.56` gives -1).
    public func truncate() -> Self { Self(rounding: DecimalMath.truncated(value, places: 0), scale: 0) }

    /// round(places): FHIRPath's "traditional" rounding, half away from zero (`2.5` gives 3, `-2.5`
    /// gives -3). Nil when `places` is negative (an error in FHIRPath) or above `maximumScale`.
    public func round(_ places: Int = 0) -> Self? {
        guard (0...Self.maximumScale).contains(places) else { return nil }
        return Self(rounding: value, scale: places)
    }

    /// sqrt(); nil for a negative value.
    public func sqrt() -> Self? {
        value < 0 ? nil : Self(approximating: Foundation.sqrt(doubleValue))
    }

    /// exp(); nil when the result overflows.
    public func exp() -> Self? { Self(approximating: Foundation.exp(doubleValue)) }

    /// ln(); nil for zero or a negative value.
    public func ln() -> Self? {
        value > 0 ? Self(approximating: Foundation.log(doubleValue)) : nil
    }

    /// log(base); nil for a value or base that is not positive, or a base of 1.
    public func log(_ base: Self) -> Self? {
        guard value > 0, base.value > 0, base.value != 1 else { return nil }
        return Self(approximating: Foundation.log(doubleValue) / Foundation.log(base.doubleValue))
    }

    /// power(exponent): exact for a whole exponent (`2.5.power(2)` is `6.25`); through `Double`
    /// otherwise, and nil where the result is not a real number (`(-1).power(0.5)`) or is infinite.
    public func power(_ exponent: Self) -> Self? {
        if let whole = exponent.intValue, Swift.abs(whole) <= 4096 {
            return power(whole)
        }
        guard value >= 0 else { return nil }
        guard !value.isZero else { return exponent.value > 0 ? Self(rounding: 0, scale: 0) : nil }
        return Self(approximating: Foundation.pow(doubleValue, exponent.doubleValue))
    }

    private func power(_ whole: Int) -> Self? {
        guard let raised = DecimalMath.power(value, Swift.abs(whole)) else { return nil }
        if whole >= 0 {
            return Self(rounding: raised, scale: Swift.min(scale * whole, Self.maximumScale))
        }
        return DecimalMath.quotient(1, raised).map { Self.quotient($0, keeping: scale) }
    }

    /// A `Double` result as a decimal of 15 significant digits, which a `Double` carries reliably:
    /// so `log(1000) / log(10)`, `2.9999999999999996` in binary, reads as `3`. Nil for NaN or infinity.
    init?(approximating double: Double) {
        guard double.isFinite, let read = Self(text: String(format: "%.15g", double)) else { return nil }
        self.init(rounding: read.value, scale: read.significantScale)
    }
}
