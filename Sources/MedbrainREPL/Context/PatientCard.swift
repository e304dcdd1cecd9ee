import FHIRModel
import ResultTables

/// A patient as the session shows it (`login`, `whoami`, `register`, `iris`): the name, birth
/// date, gender, contacts and address, in lines for people or JSON for scripts.
enum PatientCard {
    /// The patient as `whoami` and `register` show it in JSON.
    static func summary(of patient: Patient) -> JSONObject {
        JSONObject([
            ("id", CommandContext.json(patient.id)), ("name", .string(name(patient))),
            ("birthDate", CommandContext.json(patient.birthDate)),
            ("gender", CommandContext.json(patient.gender)),
            ("phone", .array(contacts(patient, "phone").map { .string($0) })),
            ("email", .array(contacts(patient, "email").map { .string($0) })),
            ("address", CommandContext.json(patient.address.first.map(address))),
        ])
    }

    static func contacts(_ patient: Patient, _ system: String) -> [String] {
        patient.telecom.filter { $0.system == system }.compactMap(\.value)
    }

    /// The first name as written, or that there is none.
    static func name(_ patient: Patient) -> String {
        patient.name.first.map { $0.displayText.oneLine } ?? "unnamed patient"
    }

    static func address(_ address: Address) -> String {
        address.text
            ?? (address.line + [address.postalCode, address.city, address.country].compactMap { $0 })
            .joined(separator: ", ")
    }
}
