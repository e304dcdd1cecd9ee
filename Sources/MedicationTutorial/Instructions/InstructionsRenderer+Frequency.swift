import FHIRModel

/// How often: frequency with period (`twice a day`, `every 8 hours`), the timing code, the count.
extension InstructionsRenderer {
    func frequencyPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard let text = frequencyText(schedule) else { return nil }
        var names: [String] = []
        names.append(elements.frequency, ifPresent: schedule.frequency)
        names.append(elements.frequencyMax, ifPresent: schedule.frequencyMax)
        names.append(elements.period, ifPresent: schedule.period)
        names.append(elements.periodMax, ifPresent: schedule.periodMax)
        names.append(elements.periodUnit, ifPresent: schedule.periodUnit)
        return InstructionPart(kind: .frequency, elements: names, text: text)
    }

    /// Once per period is said `every 8 hours`; a single period unit is said `a day`;
    /// never `1 times` nor `per 1 day`.
    func frequencyText(_ schedule: Schedule) -> String? {
        let timesText = times(schedule.frequency, max: schedule.frequencyMax)
        // A periodMax alone (against tim-6) is still a period; one not above the period adds nothing.
        guard let period = schedule.period ?? schedule.periodMax else { return timesText }
        let periodMax = schedule.periodMax.flatMap { $0.doubleValue > period.doubleValue ? $0 : nil }
        let once = (schedule.frequency ?? 1) == 1 && (schedule.frequencyMax ?? 1) <= (schedule.frequency ?? 1)
        let times = timesText ?? times(1)
        if periodMax == nil, period.doubleValue == 1, let unit = schedule.periodUnit, let per = language.per[unit] {
            return language.message("frequencyPer", [("times", times), ("per", per)])
        }
        let span =
            periodMax.map { timeRange(period, $0, unit: schedule.periodUnit) }
            ?? timeQuantity(period, unit: schedule.periodUnit)
        if once { return language.message("every", [("period", span)]) }
        return language.message("frequencyEvery", [("times", times), ("period", span)])
    }

    /// A timing code (`BID`) is said unless the structure says how often or when: then the
    /// structure is the more exact statement of the same thing. Bounds or a count beside a
    /// code add to it.
    func codePart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard let code = schedule.code, !schedule.saysHowOften else { return nil }
        let known = code.coding.lazy.compactMap { $0.code.flatMap { language.timingCodes[$0] } }.first
        let text = known ?? words(code)
        return text.map { InstructionPart(kind: .code, elements: [elements.code], text: $0) }
    }

    /// `take twice`, `take 2 to 3 times` in all.
    func countPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard let times = times(schedule.count, max: schedule.countMax) else { return nil }
        var names = [elements.count]
        names.append(elements.countMax, ifPresent: schedule.countMax)
        return InstructionPart(kind: .count, elements: names, text: language.message("count", [("times", times)]))
    }
}

extension Schedule {
    /// Whether the structure says how often or when, which a timing code would only repeat.
    var saysHowOften: Bool {
        frequency != nil || frequencyMax != nil || period != nil || periodMax != nil || !when.isEmpty
            || !dayOfWeek.isEmpty || !timeOfDay.isEmpty
    }
}
