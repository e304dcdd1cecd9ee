/// The operands CLDR plural rules test, read from a number as it is written.
///
/// `1` and `1.0` differ in English ("1 day", "1.0 days"), so the operands come from the
/// text, never from a `Double`: `v` counts the written fraction digits.
public struct PluralOperands: Sendable, Equatable {
    /// The absolute value.
    public var n: Double
    /// The integer digits.
    public var i: Int
    /// How many fraction digits are written.
    public var v: Int
    /// How many fraction digits are written, trailing zeros left out.
    public var w: Int
    /// The written fraction digits as a number.
    public var f: Int
    /// The fraction digits as a number, trailing zeros left out.
    public var t: Int

    /// Reads `12`, `0.50`, `-3`; anything else (an exponent, no digits) gives nil.
    ///
    /// One pass over the UTF-8 bytes: instructions ask for this for every number they say.
    public init?(_ text: Substring) {
        var utf8 = text.utf8[...]
        if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
        var (integer, fraction, fractionDigits, trimmedDigits, trimmedFraction) = (0, 0, 0, 0, 0)
        var (sawDigit, inFraction) = (false, false)
        for byte in utf8 {
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
                continue
            }
            guard byte >= 48, byte <= 57 else { return nil }
            let digit = Int(byte - 48)
            sawDigit = true
            // Rules only compare small values; digits past 18 would overflow and change nothing.
            if inFraction {
                fractionDigits += 1
                if fractionDigits <= 18 { fraction = fraction * 10 + digit }
                if digit != 0 { (trimmedDigits, trimmedFraction) = (fractionDigits, fraction) }
            } else if integer < 100_000_000_000_000_000 {
                integer = integer * 10 + digit
            }
        }
        guard sawDigit else { return nil }
        i = integer
        v = fractionDigits
        w = trimmedDigits
        f = fraction
        t = trimmedFraction
        var scale = 1.0
        for _ in 0..<min(fractionDigits, 18) { scale *= 10 }
        n = Double(integer) + Double(fraction) / scale
    }

    public init?(_ text: String) { self.init(text[...]) }

    /// The operand a rule names (`n`, `i`, `v`, `w`, `f`, `t`; `c` and `e` are always 0 here).
    func value(of operand: Character) -> Double {
        switch operand {
        case "n": n
        case "i": Double(i)
        case "v": Double(v)
        case "w": Double(w)
        case "f": Double(f)
        case "t": Double(t)
        default: 0
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
