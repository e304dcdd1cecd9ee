import Foundation

/// A FHIRPath `Decimal`: an exact base-10 value that keeps the number of decimal places it was
/// written with, because FHIRPath gives that scale meaning: `1.0` prints as `1.0`, `1.587` has a
/// precision of 3, and `~`, `lowBoundary()` and `highBoundary()` depend on it.
///
/// The value is a Foundation `Decimal` (38 significant digits); `scale` is the number of digits
/// after the point. Swift `==` is FHIRPath `=`, which ignores the scale (`1.0 == 1.00`).
public struct FHIRPathDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The exact value, always representable at `scale`.
    public let value: Decimal
    /// Digits after the decimal point: as written for a literal, chosen by the operation for a result.
    public let scale: Int
    /// A zero that carries a minus sign (`-0.0` as written, or a boundary just below zero). Only
    /// `text` shows it, so the JSON text `-0.0` and `(-0.0034).lowBoundary(1)` read back as written.
    let isNegativeZero: Bool

    /// The most decimal places a result is given and the greatest precision the boundary functions
    /// accept; 28 leaves room for ten integer digits inside `Decimal`'s 38.
    public static let maximumScale = 28
    /// Decimal places a quotient is rounded to before its trailing zeros go: FHIRPath asks for a
    /// step of at least 10^-8, so `1.2 / 1.8` is `0.66666667`.
    public static let quotientScale = 8
    /// Significant digits a literal may have and still be held exactly.
    static let maximumDigits = 38

    /// A value rounded (half away from zero) to `scale` places.
    init(rounding value: Decimal, scale: Int, negativeZero: Bool = false) {
        let places = Swift.max(0, scale)
        let rounded = DecimalMath.rounded(value, places: places, .plain)
        self.value = rounded
        self.scale = places
        self.isNegativeZero = negativeZero && rounded.isZero
    }

    /// A computed value with as many places as it needs (`4.04`, not `4.0400`), at most `maximumScale`.
    init(exactly value: Decimal) {
        let fraction = value.description.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        self.init(rounding: value, scale: Swift.min(fraction, Self.maximumScale))
    }

    /// An integer, with no decimal places.
    public init(_ int: Int) {
        self.init(rounding: Decimal(int), scale: 0)
    }

    /// Reads a FHIRPath or JSON number: an optional sign, digits, an optional fraction, and an
    /// optional exponent (`1e3`, `1.5E-2`, which JSON allows). The scale is the fraction's length
    /// less the exponent (`1.50e1` is `15.0`). Nil for anything else, or for more significant
    /// digits than `Decimal` holds exactly.
    public init?(text: String) {
        guard let number = NumberText(text),
            number.significantDigits <= Self.maximumDigits,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        self.init(
            rounding: value, scale: Swift.max(0, number.fractionDigits - number.exponent),
            negativeZero: number.isNegative)
    }

    /// toString(): the value with exactly `scale` decimal places (`1.0`, `0.66666667`, `-0.0`).
    public var text: String {
        let plain = value.description
        let parts = plain.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let sign = isNegativeZero ? "-" : ""
        guard scale > 0 else { return sign + integer }
        let padded =
            fraction.count >= scale
            ? String(fraction.prefix(scale)) : fraction + String(repeating: "0", count: scale - fraction.count)
        return sign + integer + "." + padded
    }

    public var description: String { text }

    /// precision(): the number of decimal places written (`1.58700` has 5).
    public var precisionDigits: Int { scale }

    /// Whether the value is a whole number, whatever its scale (`2.0` is).
    public var isInteger: Bool {
        DecimalMath.rounded(value, places: 0, .plain) == value
    }

    /// The value as an `Int` when it is a whole number in `Int`'s range; nil otherwise, never rounded.
    public var intValue: Int? {
        guard isInteger else { return nil }
        return Int(value.description)
    }

    /// The value as a `Double`, for the functions FHIRPath defines on irrational results.
    public var doubleValue: Double { Double(value.description) ?? .nan }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    /// -1, 0 or 1 as this value is below, equal to or above `other`, whatever the scales.
    public func compare(to other: Self) -> Int { self < other ? -1 : self == other ? 0 : 1 }

    /// Hashes the normalized value, so values equal under `==` hash alike whatever their scale.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value.description)
    }
}

/// The parts of a number's text that fix its scale, after a strict check of its syntax
/// (`Decimal(string:)` alone reads `1.`, `1e` and `1a` as 1).
private struct NumberText {
    var isNegative = false
    var fractionDigits = 0
    var exponent = 0
    var significantDigits = 0

    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            isNegative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix(while: Self.isDigit)
        guard !integer.isEmpty else { return nil }
        bytes = bytes.dropFirst(integer.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: Self.isDigit)
            guard !fraction.isEmpty else { return nil }
            bytes = bytes.dropFirst(fraction.count + 1)
        }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            guard let exponent = Self.exponent(bytes.dropFirst()) else { return nil }
            self.exponent = exponent
            bytes = bytes.prefix(0)
        }
        guard bytes.isEmpty else { return nil }
        fractionDigits = fraction.count
        significantDigits = Self.significantCount(Array(integer) + Array(fraction))
    }

    /// Digits between the first and the last that are not zero: what `Decimal` must hold.
    private static func significantCount(_ digits: [UInt8]) -> Int {
        let leading = digits.prefix(while: { $0 == UInt8(ascii: "0") }).count
        let trailing = digits.reversed().prefix(while: { $0 == UInt8(ascii: "0") }).count
        return Swift.max(0, digits.count - leading - trailing)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A signed exponent of at most three digits (Decimal's range is far smaller anyway).
    private static func exponent(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        var rest = bytes
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.count <= 3, rest.allSatisfy(isDigit),
            let magnitude = Int(String(decoding: rest, as: UTF8.self))
        else { return nil }
        return negative ? -magnitude : magnitude
    }
}

/// Foundation's C-style decimal functions, wrapped so that an overflow or a NaN becomes nil
/// instead of a NaN travelling on. Rounding past 38 digits is accepted: that is `Decimal`'s limit.
enum DecimalMath {
    typealias Operation = (
        UnsafeMutablePointer<Decimal>, UnsafePointer<Decimal>, UnsafePointer<Decimal>, NSDecimalNumber.RoundingMode
    ) -> NSDecimalNumber.CalculationError

    static func rounded(_ value: Decimal, places: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, places, mode)
        return result
    }

    /// Rounded toward zero, the way `truncate()` and `div` cut a value.
    static func truncated(_ value: Decimal, places: Int) -> Decimal {
        rounded(value, places: places, value < 0 ? .up : .down)
    }

    static func sum(_ lhs: Decimal, _ rhs: Decimal) -> Decimal? { apply(NSDecimalAdd, lhs, rhs) }
    static func difference(_ lhs: Decimal, _ rhs: Decimal) -> Decimal? { apply(NSDecimalSubtract, lhs, rhs) }
    static func product(_ lhs: Decimal, _ rhs: Decimal) -> Decimal? { apply(NSDecimalMultiply, lhs, rhs) }

    /// Nil when `rhs` is zero.
    static func quotient(_ lhs: Decimal, _ rhs: Decimal) -> Decimal? {
        rhs.isZero ? nil : apply(NSDecimalDivide, lhs, rhs)
    }

    /// `base` to a non-negative whole power.
    static func power(_ base: Decimal, _ exponent: Int) -> Decimal? {
        var input = base
        var result = Decimal()
        let error = NSDecimalPower(&result, &input, exponent, .plain)
        return accepted(error, result)
    }

    /// Ten to the power `exponent`: the step of the last written digit for `-scale`.
    static func tenToThe(_ exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: 1)
    }

    private static func apply(_ operation: Operation, _ lhs: Decimal, _ rhs: Decimal) -> Decimal? {
        var left = lhs
        var right = rhs
        var result = Decimal()
        let error = operation(&result, &left, &right, .plain)
        return accepted(error, result)
    }

    private static func accepted(_ error: NSDecimalNumber.CalculationError, _ result: Decimal) -> Decimal? {
        switch error {
        case .noError, .lossOfPrecision: result.isNaN ? nil : result
        default: nil
        }
    }
}
