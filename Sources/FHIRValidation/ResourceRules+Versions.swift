import FHIRModel

extension ResourceRules {
    static let genders = ["male", "female", "other", "unknown"]
    static let observationStatusDSTU2 = [
        "registered", "preliminary", "final", "amended", "cancelled", "entered-in-error", "unknown",
    ]

    static let patientRules = ResourceRules.of(Patient.self) { patient, check in
        check.code(patient.gender, "gender", in: genders)
    }
    static let medicationRules = ResourceRules.of(Medication.self) { _, _ in }
    /// STU3's, R4's and R5's: DSTU2's statuses and `corrected`.
    static let observationRules = ResourceRules.of(Observation.self) { observation, check in
        check.require(observation.status, "status")
        check.require(observation.code, "code")
        check.code(observation.status, "status", in: observationStatusDSTU2 + ["corrected"])
    }

    /// STU3's and R4's `MedicationRequest.status`.
    static let requestStatuses = [
        "active", "on-hold", "cancelled", "completed", "entered-in-error", "stopped", "draft", "unknown",
    ]
    /// R4's and R5's `MedicationAdministration.status`.
    static let administrationStatuses = [
        "in-progress", "not-done", "on-hold", "completed", "entered-in-error", "stopped", "unknown",
    ]

    static let dstu2: [ResourceRules] = [
        patientRules, medicationRules,
        .of(DSTU2.MedicationOrder.self) { order, check in
            check.require(order.medication, "medication[x]")
            check.code(
                order.status, "status", in: ["active", "on-hold", "completed", "entered-in-error", "stopped", "draft"])
            for (index, instruction) in order.dosageInstruction.enumerated() {
                let rule = instruction.timing?.repeat
                check.timeUnit(rule?.periodUnits, "dosageInstruction[\(index)].timing.repeat.periodUnits")
                check.timeUnit(rule?.durationUnits, "dosageInstruction[\(index)].timing.repeat.durationUnits")
            }
        },
        .of(DSTU2.MedicationAdministration.self) { administration, check in
            check.require(administration.status, "status")
            check.require(administration.patient, "patient")
            check.require(administration.effectiveTime, "effectiveTime[x]")
            check.require(administration.medication, "medication[x]")
            check.code(
                administration.status, "status",
                in: ["in-progress", "on-hold", "completed", "entered-in-error", "stopped"])
        },
        .of(Observation.self) { observation, check in
            check.require(observation.status, "status")
            check.require(observation.code, "code")
            check.code(observation.status, "status", in: observationStatusDSTU2)
        },
    ]

    static let stu3: [ResourceRules] = [
        patientRules, medicationRules,
        // STU3's status is optional (0..1); R4 made it required.
        .of(STU3.MedicationRequest.self) { request, check in
            check.require(request.intent, "intent")
            check.require(request.medication, "medication[x]")
            check.require(request.subject, "subject")
            check.code(
                request.status, "status",
                in: requestStatuses)
            check.code(request.intent, "intent", in: ["proposal", "plan", "order", "instance-order"])
            check.timingUnits(request.dosageInstruction.map(\.timing))
        },
        .of(STU3.MedicationAdministration.self) { administration, check in
            check.require(administration.status, "status")
            check.require(administration.subject, "subject")
            check.require(administration.effective, "effective[x]")
            check.require(administration.medication, "medication[x]")
            check.code(
                administration.status, "status",
                in: ["in-progress", "on-hold", "completed", "entered-in-error", "stopped", "unknown"])
        },
        observationRules,
    ]

    static let r4: [ResourceRules] = [
        patientRules, medicationRules,
        .of(R4.MedicationRequest.self) { request, check in
            check.require(request.status, "status")
            check.require(request.intent, "intent")
            check.require(request.medication, "medication[x]")
            check.require(request.subject, "subject")
            check.code(
                request.status, "status",
                in: requestStatuses)
            check.code(request.intent, "intent", in: intents)
            check.timingUnits(request.dosageInstruction.map(\.timing))
        },
        .of(R4.MedicationAdministration.self) { administration, check in
            check.require(administration.status, "status")
            check.require(administration.subject, "subject")
            check.require(administration.effective, "effective[x]")
            check.require(administration.medication, "medication[x]")
            check.code(
                administration.status, "status",
                in: administrationStatuses)
        },
        observationRules,
    ]

    static let r5: [ResourceRules] = [
        patientRules, medicationRules,
        .of(R5.MedicationRequest.self) { request, check in
            check.require(request.status, "status")
            check.require(request.intent, "intent")
            check.require(request.medication, "medication")
            check.require(request.subject, "subject")
            check.code(
                request.status, "status",
                in: [
                    "active", "on-hold", "ended", "stopped", "completed", "cancelled", "entered-in-error", "draft",
                    "unknown",
                ])
            check.code(request.intent, "intent", in: intents)
            check.timingUnits(request.dosageInstruction.map(\.timing))
        },
        .of(R5.MedicationAdministration.self) { administration, check in
            check.require(administration.status, "status")
            check.require(administration.subject, "subject")
            // R5 also allows a Timing, which the tutorial does not read: it is kept as it came.
            check.require(
                administration.occurence.map { $0 as Any } ?? administration.extra["occurenceTiming"], "occurence[x]")
            check.require(administration.medication, "medication")
            check.code(
                administration.status, "status",
                in: administrationStatuses)
        },
        observationRules,
    ]

    /// R4's and R5's `MedicationRequest.intent`.
    static let intents = [
        "proposal", "plan", "order", "original-order", "reflex-order", "filler-order", "instance-order", "option",
    ]
}

extension RuleChecker {
    /// Timing units in each dosage's Timing, with the names STU3, R4 and R5 share.
    mutating func timingUnits(_ timings: [R4.Timing?]) {
        for (index, timing) in timings.enumerated() {
            let rule = timing?.repeat
            timeUnit(rule?.periodUnit, "dosageInstruction[\(index)].timing.repeat.periodUnit")
            timeUnit(rule?.durationUnit, "dosageInstruction[\(index)].timing.repeat.durationUnit")
        }
    }
}
