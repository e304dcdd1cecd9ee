import FHIRModel
import Foundation
import MedicationTutorial

/// `GET /patients/ID`: the patient, the orders with their instructions (the REPL's renderer, in
/// the chosen language), the chosen order's doses and chart, and the observations.
struct PatientPage: Sendable {
    struct Choice: Sendable {
        let name: String
        let link: String
        let selected: Bool
    }

    struct OrderRow: Sendable {
        let number: Int
        let medication: String
        /// The Medication resource's page, when the order refers to one this server holds.
        let medicationLink: String?
        let instructions: String
        let status: String
        /// `3 taken, 1 not taken`, or `no doses`.
        let doses: String
        let reference: String
        let rawLink: String
        let chartLink: String
        let selected: Bool
    }

    let frame: PageFrame
    let id: String
    let name: String
    let birthDate: String
    let gender: String?
    let rawLink: String
    let languages: [Choice]
    /// The language of the instruction sentences, for their `lang` attribute.
    let instructionsLanguage: String
    let orders: [OrderRow]
    let doses: DoseSection?
    /// Today's doses of the active orders, beside the chart.
    let schedule: TodaySchedule
    let observations: [ObservationSection]
    let hasOrders: Bool

    /// Everything the page needs, worked out from the records at once.
    struct Context: Sendable {
        let records: ClassroomRecords
        let query: ViewQuery
        let language: Language
        let languageNames: [(code: String, name: String)]
        let today: CivilDay
        let timeZone: TimeZone
        /// Now, for what is overdue in today's schedule.
        let now: Int
    }

    init(patient: Patient, context: Context, frame: PageFrame) {
        let id = patient.id ?? ""
        let query = context.query
        self.frame = frame
        self.id = id
        name = PatientListPage.name(of: patient)
        birthDate = patient.birthDate ?? "unknown"
        gender = patient.gender
        rawLink = ResourcePage.link(type: Patient.resourceType, id: id)
        languages = context.languageNames.map { code, name in
            var choice = query
            choice.language = code
            return Choice(name: name, link: choice.link(patient: id), selected: code == query.language)
        }
        instructionsLanguage = query.language
        let records = context.records
        let orders = records.orders(of: id)
        let chosen = Self.chosenOrder(orders, query: query, records: records)
        let renderer = InstructionsRenderer(language: context.language)
        self.orders = orders.enumerated().map { index, order in
            let doses = records.administrations(of: order)
            let taken = doses.filter(\.taken).count
            var choice = query
            choice.order = order.id
            return OrderRow(
                number: index + 1, medication: Self.medication(of: order, records: records),
                medicationLink: Self.medicationLink(of: order, records: records),
                instructions: renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: records.version)
                    .sentence,
                status: order.status ?? "-",
                doses: doses.isEmpty ? "no doses" : "\(taken) taken, \(doses.count - taken) not taken",
                reference: "\(records.version.orderType)/\(order.id ?? "")",
                rawLink: ResourcePage.link(type: records.version.orderType, id: order.id ?? ""),
                chartLink: choice.link(patient: id) + "#doses", selected: order.id == chosen?.id)
        }
        hasOrders = !self.orders.isEmpty
        doses = chosen.map { DoseSection(order: $0, patient: id, context: context, frame: frame) }
        schedule = TodaySchedule(orders: orders, context: context)
        observations = ObservationSection.sections(for: records.observations(of: id), frame: frame)
    }

    /// The order the query names, else the first with doses, else the first.
    static func chosenOrder(_ orders: [Order], query: ViewQuery, records: ClassroomRecords) -> Order? {
        if let wanted = query.order, let order = orders.first(where: { $0.id == wanted }) { return order }
        return orders.first { !records.administrations(of: $0).isEmpty } ?? orders.first
    }

    static func medicationLink(of order: Order, records: ClassroomRecords) -> String? {
        guard case .reference(let reference)? = order.medication, let text = reference.reference,
            let medication = records.medications[text], let id = medication.id
        else { return nil }
        return ResourcePage.link(type: "Medication", id: id)
    }

    static func medication(of order: Order, records: ClassroomRecords) -> String {
        let name = MedicationName.of(order.medication, medications: records.medications) ?? ""
        let line = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.isEmpty ? "Unnamed medication" : line
    }
}
