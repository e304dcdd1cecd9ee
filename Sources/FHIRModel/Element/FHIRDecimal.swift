import Foundation

/// A FHIR `decimal`, kept as written because its precision is significant (`1.50` ≠ `1.5`).
public struct FHIRDecimal: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The literal JSON text.
    public let text: String

    public init(text: String) { self.text = text }
    public init(integerLiteral value: Int) { text = String(value) }
    public init(floatLiteral value: Double) { text = String(value) }

    /// The value as a Foundation `Decimal`, exact for any written precision.
    public var decimalValue: Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

    /// The value as a `Double`, for arithmetic where exactness does not matter.
    public var doubleValue: Double { Double(text) ?? 0 }

    public var description: String { text }
}
