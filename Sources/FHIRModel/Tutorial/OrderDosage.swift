/// One dosage instruction of an order, the same whichever version it came from.
public struct OrderDosage: Sendable, Equatable {
    public var text: String?
    public var additionalInstructions: [CodeableConcept] = []
    /// R4's instructions addressed to the patient; DSTU2 has no such element.
    public var patientInstruction: String?
    public var schedule: Schedule?
    public var asNeeded: BooleanOrConcept?
    public var route: CodeableConcept?
    public var method: CodeableConcept?
    public var dose: QuantityOrRange?
    public var maxDosePerPeriod: Ratio?

    public init(text: String? = nil, schedule: Schedule? = nil) {
        self.text = text
        self.schedule = schedule
    }

    public init(_ instruction: DSTU2.DosageInstruction) {
        text = instruction.text
        additionalInstructions = instruction.additionalInstructions.map { [$0] } ?? []
        schedule = instruction.timing.map(Schedule.init)
        (asNeeded, route, method) = (instruction.asNeeded, instruction.route, instruction.method)
        (dose, maxDosePerPeriod) = (instruction.dose, instruction.maxDosePerPeriod)
    }

    public init(_ dosage: R4.Dosage) {
        text = dosage.text
        additionalInstructions = dosage.additionalInstruction
        patientInstruction = dosage.patientInstruction
        schedule = dosage.timing.map(Schedule.init)
        (asNeeded, route, method) = (dosage.asNeeded, dosage.route, dosage.method)
        dose = dosage.doseAndRate.lazy.compactMap(\.dose).first
        maxDosePerPeriod = dosage.maxDosePerPeriod
    }

    public init(_ dosage: STU3.Dosage) {
        text = dosage.text
        additionalInstructions = dosage.additionalInstruction
        patientInstruction = dosage.patientInstruction
        schedule = dosage.timing.map(Schedule.init)
        (asNeeded, route, method) = (dosage.asNeeded, dosage.route, dosage.method)
        (dose, maxDosePerPeriod) = (dosage.dose, dosage.maxDosePerPeriod)
    }

    public init(_ dosage: R5.Dosage) {
        text = dosage.text
        additionalInstructions = dosage.additionalInstruction
        patientInstruction = dosage.patientInstruction
        schedule = dosage.timing.map(Schedule.init)
        (asNeeded, route, method) = (dosage.asNeededChoice, dosage.route, dosage.method)
        dose = dosage.doseAndRate.lazy.compactMap(\.dose).first
        maxDosePerPeriod = dosage.maxDosePerPeriod.first
    }

    /// DSTU2 holds one additional instruction and no patient instruction: the first is kept
    /// and the patient instruction, if any, becomes the text when there is none.
    public var dstu2: DSTU2.DosageInstruction {
        let timing = schedule?.dstu2
        var instruction = DSTU2.DosageInstruction(
            text: text ?? patientInstruction, timing: timing == DSTU2.Timing() ? nil : timing)
        instruction.additionalInstructions = additionalInstructions.first
        (instruction.asNeeded, instruction.route, instruction.method) = (asNeeded, route, method)
        (instruction.dose, instruction.maxDosePerPeriod) = (dose, maxDosePerPeriod)
        return instruction
    }

    public var r4: R4.Dosage {
        var dosage = R4.Dosage(text: text, timing: schedule?.r4)
        dosage.additionalInstruction = additionalInstructions
        dosage.patientInstruction = patientInstruction
        (dosage.asNeeded, dosage.route, dosage.method) = (asNeeded, route, method)
        dosage.doseAndRate = dose.map { [R4.DoseAndRate(dose: $0)] } ?? []
        dosage.maxDosePerPeriod = maxDosePerPeriod
        return dosage
    }

    public var stu3: STU3.Dosage {
        var dosage = STU3.Dosage(text: text, timing: schedule?.r4)
        dosage.additionalInstruction = additionalInstructions
        dosage.patientInstruction = patientInstruction
        (dosage.asNeeded, dosage.route, dosage.method) = (asNeeded, route, method)
        (dosage.dose, dosage.maxDosePerPeriod) = (dose, maxDosePerPeriod)
        return dosage
    }

    public var r5: R5.Dosage {
        var dosage = R5.Dosage(text: text, timing: schedule?.r4)
        dosage.additionalInstruction = additionalInstructions
        dosage.patientInstruction = patientInstruction
        dosage.setAsNeeded(asNeeded)
        (dosage.route, dosage.method) = (route, method)
        dosage.doseAndRate = dose.map { [R4.DoseAndRate(dose: $0)] } ?? []
        dosage.maxDosePerPeriod = maxDosePerPeriod.map { [$0] } ?? []
        return dosage
    }
}
