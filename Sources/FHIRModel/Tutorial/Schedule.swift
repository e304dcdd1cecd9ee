/// A dosage Timing in the tutorial's terms (§12.6), the same whichever version it came from.
///
/// Built from a DSTU2 or an R4 `Timing` and written back as either. Elements that only R4
/// has (`countMax`, `dayOfWeek`, `timeOfDay`, `offset`, more than one `when`) cannot be said
/// in DSTU2 and are left out when writing DSTU2.
public struct Schedule: Sendable, Equatable {
    public var events: [String] = []
    public var code: CodeableConcept?
    public var bounds: TimingBounds?
    public var count: Int?
    public var countMax: Int?
    public var duration: FHIRDecimal?
    public var durationMax: FHIRDecimal?
    public var durationUnit: String?
    public var frequency: Int?
    public var frequencyMax: Int?
    public var period: FHIRDecimal?
    public var periodMax: FHIRDecimal?
    public var periodUnit: String?
    public var dayOfWeek: [String] = []
    public var timeOfDay: [String] = []
    public var when: [String] = []
    public var offset: Int?

    public init() {}

    /// Whether the schedule says anything at all.
    public var isEmpty: Bool { self == Schedule() }

    public init(_ timing: DSTU2.Timing) {
        events = timing.event
        code = timing.code
        guard let rule = timing.repeat else { return }
        bounds = rule.bounds
        count = rule.count
        (duration, durationMax, durationUnit) = (rule.duration, rule.durationMax, rule.durationUnits)
        (frequency, frequencyMax) = (rule.frequency, rule.frequencyMax)
        (period, periodMax, periodUnit) = (rule.period, rule.periodMax, rule.periodUnits)
        when = rule.when.map { [$0] } ?? []
    }

    public init(_ timing: R4.Timing) {
        events = timing.event
        code = timing.code
        guard let rule = timing.repeat else { return }
        bounds = rule.bounds
        (count, countMax) = (rule.count, rule.countMax)
        (duration, durationMax, durationUnit) = (rule.duration, rule.durationMax, rule.durationUnit)
        (frequency, frequencyMax) = (rule.frequency, rule.frequencyMax)
        (period, periodMax, periodUnit) = (rule.period, rule.periodMax, rule.periodUnit)
        (dayOfWeek, timeOfDay, when, offset) = (rule.dayOfWeek, rule.timeOfDay, rule.when, rule.offset)
    }

    private var hasRepeat: Bool {
        var rest = self
        rest.events = []
        rest.code = nil
        return !rest.isEmpty
    }

    public var dstu2: DSTU2.Timing {
        var timing = DSTU2.Timing()
        timing.event = events
        timing.code = code
        guard hasRepeat else { return timing }
        var rule = DSTU2.TimingRepeat()
        rule.bounds = bounds
        rule.count = count
        (rule.duration, rule.durationMax, rule.durationUnits) = (duration, durationMax, durationUnit)
        (rule.frequency, rule.frequencyMax) = (frequency, frequencyMax)
        (rule.period, rule.periodMax, rule.periodUnits) = (period, periodMax, periodUnit)
        rule.when = when.first
        // Only R4 elements (say `offset` alone) leave nothing DSTU2 can say: no empty `repeat`.
        timing.repeat = rule == DSTU2.TimingRepeat() ? nil : rule
        return timing
    }

    public var r4: R4.Timing {
        var timing = R4.Timing()
        timing.event = events
        timing.code = code
        guard hasRepeat else { return timing }
        var rule = R4.TimingRepeat()
        rule.bounds = bounds
        (rule.count, rule.countMax) = (count, countMax)
        (rule.duration, rule.durationMax, rule.durationUnit) = (duration, durationMax, durationUnit)
        (rule.frequency, rule.frequencyMax) = (frequency, frequencyMax)
        (rule.period, rule.periodMax, rule.periodUnit) = (period, periodMax, periodUnit)
        (rule.dayOfWeek, rule.timeOfDay, rule.when, rule.offset) = (dayOfWeek, timeOfDay, when, offset)
        timing.repeat = rule
        return timing
    }
}
