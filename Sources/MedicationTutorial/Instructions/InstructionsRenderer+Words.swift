import FHIRModel

/// Numbers, quantities, dates and times in the language's words.
extension InstructionsRenderer {
    /// `twice`, `3 times`, `einmal`.
    func times(_ count: Int) -> String {
        let text = String(count)
        return language.message("times", number: text[...], [("times", text)])
    }

    /// `2 to 3 times`, or `up to 3 times` when only the maximum is known; a maximum that
    /// is not above the count says nothing (never `2 to 2 times`).
    func times(_ count: Int?, max: Int?) -> String? {
        switch (count, max) {
        case (let count?, let max?) where max > count:
            language.message("timesRange", [("low", String(count)), ("high", String(max))])
        case (let count?, _): times(count)
        case (nil, let max?): language.message("timesUpTo", [("times", times(max))])
        case (nil, nil): nil
        }
    }

    /// A unit of time for `value`: `day`/`days`; a code that is no unit of time is quoted.
    func timeUnit(_ code: String?, for value: Substring) -> String {
        guard let code else { return "" }
        guard let unit = language.units[code] else { return language.quoted(code) }
        return unit.render(number: value, rules: language.pluralRules, [])
    }

    /// `8 hours`, `0.5 hours`, `1 day`.
    func timeQuantity(_ value: FHIRDecimal, unit: String?) -> String {
        quantity(language.number(value.text[...]), unit: timeUnit(unit, for: value.text[...]))
    }

    /// `6 to 8 hours`: the unit follows the upper value, as it is said.
    func timeRange(_ low: FHIRDecimal, _ high: FHIRDecimal, unit: String?) -> String {
        language.message("range", [("low", language.number(low.text[...])), ("high", timeQuantity(high, unit: unit))])
    }

    /// A FHIR Duration (bounds): by its UCUM code, else by its `unit` text when that names a
    /// unit of time (`days`), else the text as written; nil without a value.
    func duration(_ duration: Quantity) -> String? {
        guard let value = duration.value?.text[...] else { return nil }
        let code = [duration.code, duration.unit.flatMap { Self.timeUnitCodes[$0.lowercased()] }]
            .lazy.compactMap { $0 }.first { language.units[$0] != nil }
        let unit = code.map { timeUnit($0, for: value) } ?? duration.unit ?? duration.code.map(language.quoted) ?? ""
        return quantity(language.number(value), unit: unit)
    }

    /// Unit texts seen where a UCUM code belongs, read as the code they mean.
    static let timeUnitCodes = [
        "second": "s", "seconds": "s", "sec": "s", "minute": "min", "minutes": "min", "hour": "h", "hours": "h",
        "hr": "h", "day": "d", "days": "d", "week": "wk", "weeks": "wk", "month": "mo", "months": "mo", "year": "a",
        "years": "a",
    ]

    /// A concept in words: its text, its display, or its code quoted (a code is no word).
    func words(_ concept: CodeableConcept) -> String? {
        concept.text ?? concept.coding.lazy.compactMap(\.display).first
            ?? concept.coding.lazy.compactMap(\.code).first.map(language.quoted)
    }

    func quantity(_ value: String, unit: String) -> String {
        if unit.isEmpty { return value }
        if value.isEmpty { return unit }
        return language.message("quantity", [("value", value), ("unit", unit)])
    }

    /// `26 March 2013`, `March 2013`, `2013`, or with a time `26 March 2013 at 08:00`.
    func date(_ text: String) -> String {
        guard let date = FHIRDateTime(text) else { return language.quoted(text) }
        let month = language.months[date.month - 1]
        let arguments = [("day", String(date.day)), ("month", month), ("year", String(date.year))]
        switch date.precision {
        case .year: return language.dates["year"]!.render(arguments)
        case .month: return language.dates["month"]!.render(arguments)
        case .day: return language.dates["day"]!.render(arguments)
        case .second:
            let time = twoDigits(date.hour) + ":" + twoDigits(date.minute)
            return language.message("dateTime", [("date", language.dates["day"]!.render(arguments)), ("time", time)])
        }
    }

    /// `08:00:00` → `08:00`; seconds stay when they say something; what is no time is quoted.
    func timeOfDay(_ text: String) -> String {
        // hh:mm:ss, checked byte by byte: this runs for every time of every dosage.
        let bytes = Array(text.utf8)
        let digit = { (index: Int) in Int(bytes[index]) - 48 }
        guard bytes.count == 8, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            [0, 1, 3, 4, 6, 7].allSatisfy({ (0...9).contains(digit($0)) }),
            digit(0) * 10 + digit(1) < 24, digit(3) < 6, digit(6) * 10 + digit(7) < 61
        else { return language.quoted(text) }
        return bytes[6] == UInt8(ascii: "0") && bytes[7] == UInt8(ascii: "0") ? String(text.dropLast(3)) : text
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
