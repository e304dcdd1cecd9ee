import FHIRModel

/// When in the day or week: `when` with `offset`, `dayOfWeek`, `timeOfDay`, explicit `event` dates.
extension InstructionsRenderer {
    func whenPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard !schedule.when.isEmpty else { return nil }
        let phrases = schedule.when.map { event(code: $0, offset: schedule.offset) }
        var names = [elements.when]
        names.append(elements.offset, ifPresent: schedule.offset)
        return InstructionPart(kind: .when, elements: names, text: language.list(phrases))
    }

    /// `before breakfast`, `30 minutes before breakfast`; a code without words is quoted.
    func event(code: String, offset: Int?) -> String {
        let phrase = language.events[code]
        let text = phrase?.text ?? language.quoted(code)
        guard let offset, offset != 0 else { return text }
        if let template = phrase?.offset { return template.render([("offset", minutes(offset))]) }
        return language.message("whenOffset", [("event", text), ("offset", minutes(offset))])
    }

    /// An offset in minutes in the largest whole unit: 30 → `30 minutes`, 120 → `2 hours`.
    func minutes(_ offset: Int) -> String {
        let value = Int(offset.magnitude)
        if value >= 1440, value % 1440 == 0 {
            return timeQuantity(FHIRDecimal(integerLiteral: value / 1440), unit: "d")
        }
        if value >= 60, value % 60 == 0 { return timeQuantity(FHIRDecimal(integerLiteral: value / 60), unit: "h") }
        return timeQuantity(FHIRDecimal(integerLiteral: value), unit: "min")
    }

    /// `on Monday, Wednesday and Friday`.
    func dayOfWeekPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard !schedule.dayOfWeek.isEmpty else { return nil }
        let days = schedule.dayOfWeek.map { language.days[$0] ?? language.quoted($0) }
        let text = language.message("dayOfWeek", [("days", language.list(days))])
        return InstructionPart(kind: .dayOfWeek, elements: [elements.dayOfWeek], text: text)
    }

    /// `at 08:00 and 20:00`.
    func timeOfDayPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard !schedule.timeOfDay.isEmpty else { return nil }
        let text = language.message("timeOfDay", [("times", language.list(schedule.timeOfDay.map(timeOfDay)))])
        return InstructionPart(kind: .timeOfDay, elements: [elements.timeOfDay], text: text)
    }

    /// `on 26 March 2013 at 08:00 and 27 March 2013 at 08:00`.
    func eventPart(_ schedule: Schedule, _ elements: DosageElements) -> InstructionPart? {
        guard !schedule.events.isEmpty else { return nil }
        let text = language.message("event", [("dates", language.list(schedule.events.map(date)))])
        return InstructionPart(kind: .event, elements: [elements.event], text: text)
    }
}
