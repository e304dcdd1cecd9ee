import FHIRClient
import FHIRModel
import Foundation

/// Step 2: log in as a patient (tutorial §11.4–11.6).
extension REPL {
    func login(_ arguments: [String]) async throws {
        let client = try connected()
        let query = try Self.loginQuery(arguments)
        let bundle = try await client.search("Patient", query)
        let patients = try bundle.entry.compactMap { try $0.resource.map { try Patient(json: $0) } }
        let asked = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        guard let patient = patients.first else { throw REPLError("no patient matches \(asked)") }
        let warning = "warning: \(patients.count) patients match \(asked); logging in as the first"
        session.patient = patient
        (session.orders, session.currentOrder, session.ordersListed) = ([], nil, false)
        var json = Self.summary(of: patient)
        json["matches"] = .number(String(patients.count))
        show(
            .object(json),
            lines: (patients.count > 1 ? [warning] : [])
                + ["logged in as \(Self.name(patient)) (Patient/\(patient.id ?? "?"))"])
    }

    /// `_id=f001` by default (the tutorial's test patient), or by id, identifier or email.
    static func loginQuery(_ arguments: [String]) throws -> [(String, String)] {
        var query: [(String, String)] = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            switch word {
            case "--identifier", "--email":
                guard let value = rest.popFirst(), !value.isEmpty else { throw REPLError("\(word) needs a value") }
                query.append((word == "--email" ? "email" : "identifier", value))
            case "": throw REPLError("an empty patient id finds nobody")
            case let id where !id.hasPrefix("-") && query.allSatisfy({ $0.0 != "_id" }):
                query.append(("_id", id))
            default:
                throw UsageError()
            }
        }
        return query.isEmpty ? [("_id", "f001")] : query
    }

    func logout(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        session.patient = nil
        (session.orders, session.currentOrder, session.ordersListed) = ([], nil, false)
        say("logged out")
    }

    /// The account screen of §11.6: name, birth date, gender, phone, email, address.
    func whoami(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError() }
        let patient = try loggedIn()
        let summary = Self.summary(of: patient)
        let rows: [(String, String?)] = [
            ("born", patient.birthDate), ("gender", patient.gender),
            ("phone", Self.contacts(patient, "phone").joined(separator: ", ")),
            ("email", Self.contacts(patient, "email").joined(separator: ", ")),
            ("address", patient.address.first.map(Self.address)),
        ]
        show(
            .object(summary),
            lines: ["\(Self.name(patient)) (Patient/\(patient.id ?? "?"))"]
                + rows.map { label, value in
                    "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0)
                        + (value.flatMap { $0.isEmpty ? nil : $0 } ?? "-")
                })
    }

    static func summary(of patient: Patient) -> JSONObject {
        JSONObject([
            ("id", json(patient.id)), ("name", .string(name(patient))), ("birthDate", json(patient.birthDate)),
            ("gender", json(patient.gender)), ("phone", .array(contacts(patient, "phone").map { .string($0) })),
            ("email", .array(contacts(patient, "email").map { .string($0) })),
            ("address", json(patient.address.first.map(address))),
        ])
    }

    static func contacts(_ patient: Patient, _ system: String) -> [String] {
        patient.telecom.filter { $0.system == system }.compactMap(\.value)
    }

    func loggedIn() throws -> Patient {
        _ = try connected()
        guard let patient = session.patient else { throw REPLError("not logged in; 'login' first") }
        return patient
    }

    static func name(_ patient: Patient) -> String {
        patient.name.first.map { $0.displayText.oneLine } ?? "unnamed patient"
    }

    static func address(_ address: Address) -> String {
        address.text
            ?? (address.line + [address.postalCode, address.city, address.country].compactMap { $0 })
            .joined(separator: ", ")
    }
}
