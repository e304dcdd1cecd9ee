/// A prescription in the tutorial's terms: DSTU2's MedicationOrder, or the MedicationRequest of
/// STU3, R4 or R5.
///
/// Later steps (search orders, render instructions) read this and never ask which version
/// the server speaks; ``dstu2``, ``stu3``, ``r4`` and ``r5`` write it back in any of them, which
/// is how Medbrain converts between them.
public struct Order: Sendable, Equatable {
    public var header: ResourceHeader
    public var identifier: [Identifier] = []
    public var status: String?
    /// R4's `intent`; DSTU2 orders are always orders, so it reads `order` from DSTU2.
    public var intent: String?
    public var patient: Reference?
    public var medication: MedicationChoice?
    public var authoredOn: String?
    public var prescriber: Reference?
    public var dosages: [OrderDosage] = []
    /// How long the prescription may be dispensed (`dispenseRequest.validityPeriod`).
    public var validityPeriod: Period?
    /// R5's period over which the medication is to be taken; no earlier release has one.
    public var effectiveDosePeriod: Period?

    /// When doses of the order may be due: R5's dose period, else the validity period.
    public var dosePeriod: Period? { effectiveDosePeriod ?? validityPeriod }

    public var id: String? { header.id }

    public init(_ order: DSTU2.MedicationOrder) {
        header = order.header
        (identifier, status, intent) = (order.identifier, order.status, "order")
        (patient, medication) = (order.patient, order.medication)
        (authoredOn, prescriber) = (order.dateWritten, order.prescriber)
        dosages = order.dosageInstruction.map(OrderDosage.init)
        validityPeriod = order.dispenseRequest?.validityPeriod
    }

    public init(_ request: R4.MedicationRequest) {
        header = request.header
        (identifier, status, intent) = (request.identifier, request.status, request.intent)
        (patient, medication) = (request.subject, request.medication)
        (authoredOn, prescriber) = (request.authoredOn, request.requester)
        dosages = request.dosageInstruction.map(OrderDosage.init)
        validityPeriod = request.dispenseRequest?.validityPeriod
    }

    public init(_ request: STU3.MedicationRequest) {
        header = request.header
        (identifier, status, intent) = (request.identifier, request.status, request.intent)
        (patient, medication) = (request.subject, request.medication)
        (authoredOn, prescriber) = (request.authoredOn, request.requester?.agent)
        dosages = request.dosageInstruction.map(OrderDosage.init)
        validityPeriod = request.dispenseRequest?.validityPeriod
    }

    public init(_ request: R5.MedicationRequest) {
        header = request.header
        (identifier, status, intent) = (request.identifier, request.status, request.intent)
        (patient, medication) = (request.subject, request.medication?.medicationChoice)
        (authoredOn, prescriber) = (request.authoredOn, request.requester)
        dosages = request.dosageInstruction.map(OrderDosage.init)
        (validityPeriod, effectiveDosePeriod) = (request.dispenseRequest?.validityPeriod, request.effectiveDosePeriod)
    }

    public var dstu2: DSTU2.MedicationOrder {
        var order = DSTU2.MedicationOrder()
        order.header = header
        order.header.resourceType = DSTU2.MedicationOrder.resourceType
        (order.identifier, order.status) = (identifier, status.map(Self.dstu2Status))
        (order.patient, order.medication) = (patient, medication)
        (order.dateWritten, order.prescriber) = (authoredOn, prescriber)
        order.dosageInstruction = dosages.map(\.dstu2)
        order.dispenseRequest = validityPeriod.map { DSTU2.DispenseRequest(validityPeriod: $0) }
        return order
    }

    public var r4: R4.MedicationRequest {
        var request = R4.MedicationRequest()
        request.header = header
        request.header.resourceType = R4.MedicationRequest.resourceType
        (request.identifier, request.status) = (identifier, status.map(Self.withoutEnded))
        request.intent = intent ?? "order"
        (request.subject, request.medication) = (patient, medication)
        (request.authoredOn, request.requester) = (authoredOn, prescriber)
        request.dosageInstruction = dosages.map(\.r4)
        request.dispenseRequest = validityPeriod.map { R4.DispenseRequest(validityPeriod: $0) }
        return request
    }

    public var stu3: STU3.MedicationRequest {
        var request = STU3.MedicationRequest()
        request.header = header
        request.header.resourceType = STU3.MedicationRequest.resourceType
        (request.identifier, request.status) = (identifier, status.map(Self.withoutEnded))
        request.intent = intent.map(Self.stu3Intent) ?? "order"
        (request.subject, request.medication) = (patient, medication)
        (request.authoredOn, request.requester) = (authoredOn, prescriber.map { STU3.Requester(agent: $0) })
        request.dosageInstruction = dosages.map(\.stu3)
        request.dispenseRequest = validityPeriod.map { STU3.DispenseRequest(validityPeriod: $0) }
        return request
    }

    public var r5: R5.MedicationRequest {
        var request = R5.MedicationRequest()
        request.header = header
        request.header.resourceType = R5.MedicationRequest.resourceType
        (request.identifier, request.status, request.intent) = (identifier, status, intent ?? "order")
        (request.subject, request.medication) = (patient, medication.map(CodeableReference.init))
        (request.authoredOn, request.requester) = (authoredOn, prescriber)
        request.dosageInstruction = dosages.map(\.r5)
        request.dispenseRequest = validityPeriod.map { R5.DispenseRequest(validityPeriod: $0) }
        request.effectiveDosePeriod = effectiveDosePeriod
        return request
    }
}
