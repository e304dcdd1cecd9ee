import FHIRModel

/// Element paths as the dosage's FHIR version spells them, for the breakdown.
///
/// The same part comes from differently named elements: DSTU2's `periodUnits` is R4's
/// `periodUnit`, `boundsQuantity` became `boundsDuration`, and the dose moved into
/// `doseAndRate`, and R5's `asNeeded` is a plain flag. A student comparing versions sees exactly
/// that. The spellings are
/// built once, so rendering never pays for joining paths.
struct DosageElements: Sendable {
    let frequency, frequencyMax, period, periodMax, periodUnit: String
    let duration, durationMax, durationUnit: String
    let boundsDuration, boundsRange, boundsPeriod: String
    let count, countMax, when, offset, dayOfWeek, timeOfDay: String
    let event, code: String
    let doseQuantity, doseRange, additionalInstructions: String
    /// `asNeeded[x]`'s two forms; R5 made the flag plain and put the reason apart.
    let asNeededFlag, asNeededReason: String

    /// `timing` is `timing.` inside a dosage and empty for a Timing on its own.
    private init(_ version: FHIRVersion, timing: String) {
        let rule = timing + "repeat."
        let dstu2 = version == .dstu2
        (frequency, frequencyMax) = (rule + "frequency", rule + "frequencyMax")
        (period, periodMax) = (rule + "period", rule + "periodMax")
        periodUnit = rule + (dstu2 ? "periodUnits" : "periodUnit")
        (duration, durationMax) = (rule + "duration", rule + "durationMax")
        durationUnit = rule + (dstu2 ? "durationUnits" : "durationUnit")
        boundsDuration = rule + (dstu2 ? "boundsQuantity" : "boundsDuration")
        (boundsRange, boundsPeriod) = (rule + "boundsRange", rule + "boundsPeriod")
        (count, countMax, when, offset) = (rule + "count", rule + "countMax", rule + "when", rule + "offset")
        (dayOfWeek, timeOfDay) = (rule + "dayOfWeek", rule + "timeOfDay")
        (event, code) = (timing + "event", timing + "code")
        // STU3 still has the dose directly in the dosage; R4 moved it into doseAndRate.
        let directDose = version == .dstu2 || version == .stu3
        doseQuantity = directDose ? "doseQuantity" : "doseAndRate[0].doseQuantity"
        doseRange = directDose ? "doseRange" : "doseAndRate[0].doseRange"
        additionalInstructions = dstu2 ? "additionalInstructions" : "additionalInstruction"
        (asNeededFlag, asNeededReason) =
            version == .r5 ? ("asNeeded", "asNeededFor") : ("asNeededBoolean", "asNeededCodeableConcept")
    }

    private static let dstu2Dosage = DosageElements(.dstu2, timing: "timing.")
    private static let r4Dosage = DosageElements(.r4, timing: "timing.")
    private static let dstu2Timing = DosageElements(.dstu2, timing: "")
    private static let r4Timing = DosageElements(.r4, timing: "")
    private static let r5Dosage = DosageElements(.r5, timing: "timing.")
    private static let stu3Dosage = DosageElements(.stu3, timing: "timing.")

    /// Paths inside a DosageInstruction (DSTU2) or Dosage (STU3, R4, R5).
    static func dosage(_ version: FHIRVersion) -> DosageElements {
        switch version {
        case .dstu2: dstu2Dosage
        case .stu3: stu3Dosage
        case .r4, .r4b: r4Dosage
        case .r5: r5Dosage
        }
    }

    /// Paths inside a Timing.
    static func timing(_ version: FHIRVersion) -> DosageElements { version == .dstu2 ? dstu2Timing : r4Timing }

    func dose(_ choice: QuantityOrRange) -> String {
        if case .range = choice { return doseRange }
        return doseQuantity
    }
}

extension Array where Element == String {
    /// Appends `name` when `value` is there: the elements a part was actually built from.
    mutating func append<Value>(_ name: String, ifPresent value: Value?) {
        if value != nil { append(name) }
    }
}
