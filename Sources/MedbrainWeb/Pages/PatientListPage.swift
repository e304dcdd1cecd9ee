import FHIRModel

/// `GET /`: every patient with birth date and number of orders.
struct PatientListPage: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let birthDate: String
        let orders: Int
        let link: String
        let rawLink: String
    }

    let frame: PageFrame
    let patients: [Row]
    // Stored, not computed: templates see a value's stored properties only.
    let patientCount: Int
    let hasPatients: Bool

    init(records: ClassroomRecords, frame: PageFrame) {
        self.frame = frame
        var orders: [String: Int] = [:]
        for order in records.orders {
            guard let id = ClassroomRecords.patientID(in: order.patient) else { continue }
            orders[id, default: 0] += 1
        }
        patients = records.patients.map { patient in
            let id = patient.id ?? ""
            return Row(
                id: id, name: Self.name(of: patient), birthDate: patient.birthDate ?? "unknown",
                orders: orders[id] ?? 0, link: ViewQuery().link(patient: id),
                rawLink: ResourcePage.link(type: Patient.resourceType, id: id))
        }
        (patientCount, hasPatients) = (patients.count, !patients.isEmpty)
    }

    /// The patient's first name as written, on one line.
    static func name(of patient: Patient) -> String {
        let text = patient.name.first?.displayText.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
        return text.isEmpty ? "Unnamed patient" : text
    }
}
