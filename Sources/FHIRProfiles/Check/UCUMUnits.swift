import Foundation

/// Enough of UCUM to compare two quantities of one kind written in different units (`11000 g`
/// against `0 kg`, `90 min` against `1 h`): a unit that is one of UCUM's base or derived atoms
/// with a metric prefix, or one of its units of time. A unit outside these (a compound such as
/// `mg/dL`, an arbitrary unit) is not converted, and such a comparison is not made.
enum UCUMUnits {
    /// A unit as a multiple of its kind's base: grams, metres, litres, seconds, moles.
    struct Magnitude: Equatable {
        let kind: String
        let factor: Decimal
    }

    /// UCUM's metric prefixes (UCUM §2, table 1) and their factors.
    static let prefixes: [(String, Int)] = [
        ("da", 1), ("Y", 24), ("Z", 21), ("E", 18), ("P", 15), ("T", 12), ("G", 9), ("M", 6), ("k", 3), ("h", 2),
        ("d", -1), ("c", -2), ("m", -3), ("u", -6), ("n", -9), ("p", -12), ("f", -15), ("a", -18), ("z", -21),
        ("y", -24),
    ]
    /// The metric atoms that take a prefix, each the base of its kind here.
    static let metric: [String: String] = [
        "g": "mass", "m": "length", "L": "volume", "l": "volume", "s": "time",
        "mol": "amount", "Pa": "pressure", "J": "energy", "W": "power", "Hz": "frequency",
    ]
    /// UCUM's units of time that take no prefix, in seconds (`mo` and `a` are the Julian mean
    /// month and year, as UCUM defines them).
    static let time: [String: Decimal] = [
        "min": 60, "h": 3600, "d": 86400, "wk": 604_800, "mo": 2_629_800, "a": 31_557_600,
    ]

    /// The magnitude of a UCUM unit code, or nil when it is not one of those above.
    static func magnitude(_ code: String) -> Magnitude? {
        if let seconds = time[code] { return Magnitude(kind: "time", factor: seconds) }
        if let kind = metric[code] { return Magnitude(kind: kind, factor: 1) }
        for (prefix, power) in prefixes where code.hasPrefix(prefix) {
            guard let kind = metric[String(code.dropFirst(prefix.count))] else { continue }
            return Magnitude(kind: kind, factor: power >= 0 ? pow(10, power) : 1 / pow(10, -power))
        }
        return nil
    }

    /// `value` in `from` written in `to`, or nil when the two are not units of one kind.
    static func convert(_ value: Decimal, from: String, to: String) -> Decimal? {
        guard let source = magnitude(from), let target = magnitude(to), source.kind == target.kind else { return nil }
        return value * source.factor / target.factor
    }
}
