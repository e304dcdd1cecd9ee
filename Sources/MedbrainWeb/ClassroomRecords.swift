import FHIRModel
import FHIRServer

/// What the web view shows, read from the built-in server's store in one go: the patients
/// and, per patient, the orders, doses and observations that refer to them.
///
/// Read straight from the store (no HTTP): the view is part of the server, and only reads.
/// A resource the view cannot read (a student's odd but valid JSON) is skipped, not fatal.
struct ClassroomRecords: Sendable {
    var version: FHIRVersion
    var patients: [Patient] = []
    var orders: [Order] = []
    var medications: [String: Medication] = [:]
    var administrations: [Administration] = []
    var observations: [Observation] = []
    /// The store's change count when these were read.
    var changeCount = 0

    static func read(from service: FHIRService) async -> ClassroomRecords {
        let store = service.store
        var records = ClassroomRecords(version: service.version)
        records.changeCount = await store.changeCount
        records.patients = await store.all(Patient.resourceType).compactMap { try? Patient(json: $0.json ?? .null) }
        for stored in await store.all(Medication.resourceType) {
            guard let json = stored.json, let medication = try? Medication(json: json) else { continue }
            records.medications["Medication/\(stored.id)"] = medication
        }
        records.orders = await store.all(service.version.orderType).compactMap { stored in
            stored.json.flatMap { try? Self.order($0, version: service.version) }
        }
        records.administrations = await store.all("MedicationAdministration").compactMap { stored in
            stored.json.flatMap { try? Self.administration($0, version: service.version) }
        }
        records.observations = await store.all(Observation.resourceType).compactMap {
            try? Observation(json: $0.json ?? .null)
        }
        return records
    }

    static func order(_ json: JSONValue, version: FHIRVersion) throws -> Order {
        version == .dstu2 ? Order(try DSTU2.MedicationOrder(json: json)) : Order(try R4.MedicationRequest(json: json))
    }

    static func administration(_ json: JSONValue, version: FHIRVersion) throws -> Administration {
        version == .dstu2
            ? Administration(try DSTU2.MedicationAdministration(json: json))
            : Administration(try R4.MedicationAdministration(json: json))
    }

    /// The patient with `id`, if the store has one.
    func patient(_ id: String) -> Patient? { patients.first { $0.id == id } }

    /// The patient's orders, in the store's order.
    func orders(of patientID: String) -> [Order] {
        orders.filter { Self.refers($0.patient, to: "Patient", patientID) }
    }

    /// The doses recorded against `order`.
    func administrations(of order: Order) -> [Administration] {
        guard let id = order.id else { return [] }
        return administrations.filter { Self.refers($0.order, to: version.orderType, id) }
    }

    /// The patient's observations (step counts and others).
    func observations(of patientID: String) -> [Observation] {
        observations.filter { Self.refers($0.subject, to: "Patient", patientID) }
    }

    /// The id of the patient `reference` points at, relative or absolute.
    static func patientID(in reference: Reference?) -> String? {
        guard let text = reference?.reference else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2] == "Patient", !parts[parts.count - 1].isEmpty else { return nil }
        return String(parts[parts.count - 1])
    }

    /// Whether `reference` points at `type`/`id`, relative or absolute.
    static func refers(_ reference: Reference?, to type: String, _ id: String) -> Bool {
        guard let text = reference?.reference else { return false }
        let target = "\(type)/\(id)"
        return text == target || text.hasSuffix("/" + target)
    }
}
