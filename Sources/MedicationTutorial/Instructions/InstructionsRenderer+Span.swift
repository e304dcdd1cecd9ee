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
            guard let span = duration(quantity) else { return nil }
            let text = language.message("boundsDuration", [("duration", span)])
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
        switch (range.low.flatMap(duration), range.high.flatMap(duration)) {
        case (let low?, let high?):
            // Say the unit once when both ends share it: "3 to 5 days".
            let sameUnit = range.low?.code == range.high?.code && range.low?.unit == range.high?.unit
            let lowText = sameUnit ? language.number(range.low?.value?.text[...] ?? "") : low
            let span = language.message("range", [("low", lowText), ("high", high)])
            return language.message("boundsDuration", [("duration", span)])
        case (let low?, nil): return language.message("boundsAtLeast", [("duration", low)])
        case (nil, let high?): return language.message("boundsUpTo", [("duration", high)])
        case (nil, nil): return nil
        }
    }

    /// Dates coarser than a day take their own wording: German says "vom 26. März" but
    /// "von März 2013".
    func boundsText(_ period: Period) -> String? {
        let coarse = [period.start, period.end].contains { text in
            text.map { (FHIRDateTime($0)?.precision ?? .day) < .day } ?? false
        }
        let suffix = coarse ? "Coarse" : ""
        switch (period.start, period.end) {
        case (let start?, let end?):
            return language.message("boundsPeriod" + suffix, [("start", date(start)), ("end", date(end))])
        case (let start?, nil): return language.message("boundsFrom" + suffix, [("start", date(start))])
        case (nil, let end?): return language.message("boundsUntil" + suffix, [("end", date(end))])
        case (nil, nil): return nil
        }
    }
}
