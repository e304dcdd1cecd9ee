import FHIRClient
import FHIRModel
import MedicationTutorial

/// R5's place for adherence: a MedicationStatement whose `adherence` says how the patient
/// keeps to the order, derived from the order and its administrations.
extension Scheduling {
    func write(_ adherence: Adherence, of order: Order, from: CivilDay, to: CivilDay, client: FHIRClient)
        async throws -> String
    {
        guard client.version == .r5 else {
            throw REPLError(
                "MedicationStatement.adherence is R5's; this server speaks \(client.server.release.displayName)")
        }
        let patient = try context.session.loggedIn()
        let tally = adherence.total
        let reason = "\(tally.taken) of \(tally.due) due doses taken from \(Settings.iso(from)) to \(Settings.iso(to))"
        let statement: JSONValue = [
            "resourceType": "MedicationStatement", "status": "recorded",
            "medication": order.json(in: .r5)["medication"] ?? .null,
            "subject": ["reference": .string("Patient/\(patient.id ?? "")")],
            "effectivePeriod": ["start": .string(Settings.iso(from)), "end": .string(Settings.iso(to))],
            "dateAsserted": .string(context.settings.current.doseTimes.text(now)),
            "derivedFrom": [["reference": .string("MedicationRequest/\(order.id ?? "")")]],
            "adherence": [
                "code": [
                    "coding": [
                        [
                            "system": "http://hl7.org/fhir/CodeSystem/medication-statement-adherence",
                            "code": .string(adherence.adherenceCode),
                        ]
                    ]
                ],
                "reason": ["text": .string(reason)],
            ],
        ]
        let created = try await client.create(statement)
        return "MedicationStatement/\(created["id"]?.stringValue ?? "?")"
    }
}
