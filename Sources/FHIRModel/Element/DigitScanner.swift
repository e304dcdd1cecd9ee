/// A tiny cursor over ASCII text for the date and time formats FHIR uses.
struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { position == bytes.count }

    /// Takes one ASCII character; a `Unicode.Scalar` so the check is a byte compare, not Character work.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, character.isASCII, bytes[position] == UInt8(character.value) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        position += digits
        return value
    }

    /// `hh:mm[:ss[.fraction]]`
    mutating func time() -> (Int, Int, Double)? {
        guard let hour = number(digits: 2), hour < 24, take(":"), let minute = number(digits: 2), minute < 60
        else { return nil }
        guard take(":") else { return (hour, minute, 0) }
        guard let whole = number(digits: 2), whole < 61 else { return nil }
        var second = Double(whole)
        if take(".") {
            var scale = 0.1
            var sawDigit = false
            while position < bytes.count, bytes[position] >= 48 && bytes[position] <= 57 {
                second += Double(bytes[position] - 48) * scale
                scale /= 10
                position += 1
                sawDigit = true
            }
            if !sawDigit { return nil }
        }
        return (hour, minute, second)
    }

    /// `Z` or `±hh:mm`, as minutes east of UTC.
    mutating func zone() -> Int? {
        if take("Z") { return 0 }
        let sign: Int
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2), hours <= 14, take(":"), let minutes = number(digits: 2), minutes < 60
        else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
