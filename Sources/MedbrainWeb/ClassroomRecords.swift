import FHIRModel
import FHIRServer

/// What a page of the web view shows, read from the built-in server's store: the patients and
/// their orders, and for one patient the medications, doses and observations.
///
/// Read straight from the store (no HTTP): the view is part of the server, and only reads. Only
/// what the page needs is decoded (a patient's doses are picked by reference before decoding),
/// since every open page reads again at every change. A resource the view cannot read (a
/// student's odd but valid JSON) is skipped, not fatal.
struct ClassroomRecords: Sendable {
    var version: FHIRVersion
    var patients: [Patient] = []
    var orders: [Order] = []
    var medications: [String: Medication] = [:]
    /// The doses of the orders read, by the order's id.
    var administrations: [String: [Administration]] = [:]
    var observations: [Observation] = []
    /// The store's change count when these were read.
    var changeCount = 0

    /// The patients and all orders (for the list of patients).
    static func read(from service: FHIRService) async -> ClassroomRecords {
        var records = ClassroomRecords(version: service.version)
        records.changeCount = service.store.changeCount
        records.patients = await service.store.all(Patient.resourceType).compactMap {
            try? Patient(json: $0.json ?? .null)
        }
        records.orders = await service.store.all(service.version.orderType).compactMap { stored in
            stored.json.flatMap { try? Order(json: $0) }
        }
        return records
    }

    /// Everything one patient's page shows.
    static func read(patient id: String, from service: FHIRService) async -> ClassroomRecords {
        let (store, version) = (service.store, service.version)
        var records = await read(from: service)
        records.orders = records.orders.filter { refers($0.patient, to: Patient.resourceType, id) }
        for stored in await store.all(Medication.resourceType) {
            guard let json = stored.json, let medication = try? Medication(json: json) else { continue }
            records.medications["Medication/\(stored.id)"] = medication
        }
        let orderIDs = Set(records.orders.compactMap(\.id))
        // The element has the search parameter's name: `prescription` in DSTU2, `request` later.
        let orderField = version.administrationOrderParameter
        for stored in await store.all("MedicationAdministration") {
            guard let json = stored.json,
                let orderID = target(json[orderField]?["reference"]?.stringValue, type: version.orderType),
                orderIDs.contains(orderID), let dose = try? Administration(json: json)
            else { continue }
            records.administrations[orderID, default: []].append(dose)
        }
        records.observations = await store.all(Observation.resourceType).compactMap { stored in
            guard let json = stored.json, target(json["subject"]?["reference"]?.stringValue, type: "Patient") == id
            else { return nil }
            return try? Observation(json: json)
        }
        return records
    }

    /// The patient with `id`, if the store has one.
    func patient(_ id: String) -> Patient? { patients.first { $0.id == id } }

    /// The patient's orders, in the store's order.
    func orders(of patientID: String) -> [Order] {
        orders.filter { Self.refers($0.patient, to: Patient.resourceType, patientID) }
    }

    /// The doses recorded against `order`.
    func administrations(of order: Order) -> [Administration] {
        order.id.flatMap { administrations[$0] } ?? []
    }

    /// The patient's observations (step counts and others).
    func observations(of patientID: String) -> [Observation] {
        observations.filter { Self.refers($0.subject, to: Patient.resourceType, patientID) }
    }

    /// The id of the patient `reference` points at, relative or absolute.
    static func patientID(in reference: Reference?) -> String? {
        target(reference?.reference, type: Patient.resourceType)
    }

    /// Whether `reference` points at `type`/`id`, relative or absolute.
    static func refers(_ reference: Reference?, to type: String, _ id: String) -> Bool {
        target(reference?.reference, type: type) == id
    }

    /// The id in a reference to `type` (`Patient/f001`, or absolute `…/Patient/f001`), else nil.
    static func target(_ reference: String?, type: String) -> String? {
        guard let reference else { return nil }
        let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2] == type, !parts[parts.count - 1].isEmpty else { return nil }
        return String(parts[parts.count - 1])
    }
}
