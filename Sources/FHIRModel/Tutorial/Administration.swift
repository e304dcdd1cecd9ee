/// A dose taken or not taken, in the tutorial's terms, whichever version it came from.
public struct Administration: Sendable, Equatable {
    public var header: ResourceHeader
    public var identifier: [Identifier] = []
    /// The status as given; "not taken" is ``taken``, not a status, since DSTU2 keeps it apart.
    public var status: String?
    public var taken: Bool
    public var reasonsNotTaken: [CodeableConcept] = []
    public var patient: Reference?
    /// The order (prescription) this dose belongs to.
    public var order: Reference?
    public var medication: MedicationChoice?
    public var effective: DateTimeOrPeriod?
    @Indirect public var dosage: AdministrationDosage?

    public init(id: String? = nil, taken: Bool = true) {
        header = ResourceHeader(resourceType: "MedicationAdministration", id: id)
        self.taken = taken
    }

    public var id: String? { header.id }

    public init(_ administration: DSTU2.MedicationAdministration) {
        header = administration.header
        (identifier, status) = (administration.identifier, administration.status)
        taken = administration.wasNotGiven != true
        reasonsNotTaken = administration.reasonNotGiven
        (patient, order) = (administration.patient, administration.prescription)
        (medication, effective, dosage) = (
            administration.medication, administration.effectiveTime, administration.dosage
        )
    }

    public init(_ administration: R4.MedicationAdministration) {
        header = administration.header
        identifier = administration.identifier
        taken = administration.status != "not-done"
        status = taken ? administration.status : nil
        reasonsNotTaken = administration.statusReason
        (patient, order) = (administration.subject, administration.request)
        (medication, effective, dosage) = (administration.medication, administration.effective, administration.dosage)
    }

    public init(_ administration: STU3.MedicationAdministration) {
        header = administration.header
        (identifier, status) = (administration.identifier, administration.status)
        taken = administration.notGiven != true
        reasonsNotTaken = administration.reasonNotGiven
        (patient, order) = (administration.subject, administration.prescription)
        (medication, effective, dosage) = (administration.medication, administration.effective, administration.dosage)
    }

    public init(_ administration: R5.MedicationAdministration) {
        header = administration.header
        identifier = administration.identifier
        taken = administration.status != "not-done"
        status = taken ? administration.status : nil
        reasonsNotTaken = administration.statusReason
        (patient, order) = (administration.subject, administration.request)
        (medication, effective) = (administration.medication?.medicationChoice, administration.occurence)
        dosage = administration.dosage
    }

    public var dstu2: DSTU2.MedicationAdministration {
        var result = DSTU2.MedicationAdministration()
        result.header = header
        // DSTU2 requires a status and lacks R4's `unknown`; `completed` is what the tutorial's app records.
        (result.identifier, result.status) = (identifier, status.flatMap { $0 == "unknown" ? nil : $0 } ?? "completed")
        result.wasNotGiven = taken ? nil : true
        // Why a dose was not given belongs only to a dose not given (STU3's rule mad-1).
        result.reasonNotGiven = taken ? [] : reasonsNotTaken
        result.patient = patient
        result.prescription = order.map { Self.retarget($0, to: DSTU2.MedicationOrder.resourceType) }
        (result.medication, result.effectiveTime) = (medication, effective)
        result.dosage = dosage.map { Self.withDoseKey($0, "quantity") }
        return result
    }

    public var r4: R4.MedicationAdministration {
        var result = R4.MedicationAdministration()
        result.header = header
        result.identifier = identifier
        result.status = taken ? (status ?? "completed") : "not-done"
        result.statusReason = reasonsNotTaken
        result.subject = patient
        result.request = order.map { Self.retarget($0, to: R4.MedicationRequest.resourceType) }
        (result.medication, result.effective) = (medication, effective)
        result.dosage = dosage.map { Self.withDoseKey($0, "dose") }
        return result
    }

    public var stu3: STU3.MedicationAdministration {
        var result = STU3.MedicationAdministration()
        result.header = header
        // STU3 keeps "not given" apart from the status, as DSTU2 does; it has R4's `unknown`.
        (result.identifier, result.status) = (identifier, status ?? "completed")
        result.notGiven = taken ? nil : true
        // Why a dose was not given belongs only to a dose not given (STU3's rule mad-1).
        result.reasonNotGiven = taken ? [] : reasonsNotTaken
        result.subject = patient
        result.prescription = order.map { Self.retarget($0, to: STU3.MedicationRequest.resourceType) }
        (result.medication, result.effective) = (medication, effective)
        result.dosage = dosage.map { Self.withDoseKey($0, "dose") }
        return result
    }

    public var r5: R5.MedicationAdministration {
        var result = R5.MedicationAdministration()
        result.header = header
        result.identifier = identifier
        result.status = taken ? (status ?? "completed") : "not-done"
        result.statusReason = reasonsNotTaken
        result.subject = patient
        result.request = order.map { Self.retarget($0, to: R5.MedicationRequest.resourceType) }
        (result.medication, result.occurence) = (medication.map(CodeableReference.init), effective)
        result.dosage = dosage.map { Self.withDoseKey($0, "dose") }
        return result
    }

    /// `MedicationOrder/x` ↔ `MedicationRequest/x`: the same order under the other version's name.
    static func retarget(_ reference: Reference, to type: String) -> Reference {
        guard let target = reference.target, target.type != type,
            [DSTU2.MedicationOrder.resourceType, R4.MedicationRequest.resourceType].contains(target.type)
        else { return reference }
        var result = reference
        result.reference = "\(type)/\(target.id)"
        return result
    }

    static func withDoseKey(_ dosage: AdministrationDosage, _ key: String) -> AdministrationDosage {
        var result = dosage
        result.doseKey = key
        return result
    }
}
