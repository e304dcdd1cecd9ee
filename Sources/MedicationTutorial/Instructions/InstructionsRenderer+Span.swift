import FHIRModel

/// How long: each time (`duration`) and overall (`bounds`).
extension InstructionsRenderer {
    /// `over 4 hours`, `over 4 hours (maximum 6 hours)`.
    func durationPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        let unit = schedule.durationUnit
        let text: String
        switch (schedule.duration, schedule.durationMax) {
        case (let duration?, let max?):
            text = language.message(
                "durationWithMax",
                [("duration", timeQuantity(duration, unit: unit)), ("max", timeQuantity(max, unit: unit))])
        case (let duration?, nil):
            text = language.message("duration", [("duration", timeQuantity(duration, unit: unit))])
        case (nil, let max?): text = language.message("durationUpTo", [("max", timeQuantity(max, unit: unit))])
        case (nil, nil): return nil
        }
        var names: [String] = []
        names.append(elements.duration, ifPresent: schedule.duration)
        names.append(elements.durationMax, ifPresent: schedule.durationMax)
        names.append(elements.durationUnit, ifPresent: unit)
        return InstructionPart(kind: .duration, elements: names, text: text)
    }

    /// `for 7 days`, `for 3 to 5 days`, `from 26 March 2013 until 30 March 2013`.
    func boundsPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        switch schedule.bounds {
        case .duration(let quantity):
            let text = language.message("boundsDuration", [("duration", duration(quantity))])
            return InstructionPart(kind: .bounds, elements: [elements.boundsDuration], text: text)
        case .range(let range):
            return boundsText(range).map {
                InstructionPart(kind: .bounds, elements: [elements.boundsRange], text: $0)
            }
        case .period(let period):
            return boundsText(period).map {
                InstructionPart(kind: .bounds, elements: [elements.boundsPeriod], text: $0)
            }
        case nil: return nil
        }
    }

    func boundsText(_ range: FHIRModel.Range) -> String? {
        switch (range.low, range.high) {
        case (let low?, let high?):
            // Say the unit once when both ends share it: "3 to 5 days".
            let sameUnit = low.code == high.code && low.unit == high.unit
            let lowText = sameUnit ? language.number(low.value?.text[...] ?? "") : duration(low)
            let span = language.message("range", [("low", lowText), ("high", duration(high))])
            return language.message("boundsDuration", [("duration", span)])
        case (let low?, nil): return language.message("boundsAtLeast", [("duration", duration(low))])
        case (nil, let high?): return language.message("boundsUpTo", [("duration", duration(high))])
        case (nil, nil): return nil
        }
    }

    func boundsText(_ period: Period) -> String? {
        switch (period.start, period.end) {
        case (let start?, let end?): language.message("boundsPeriod", [("start", date(start)), ("end", date(end))])
        case (let start?, nil): language.message("boundsFrom", [("start", date(start))])
        case (nil, let end?): language.message("boundsUntil", [("end", date(end))])
        case (nil, nil): nil
        }
    }
}
