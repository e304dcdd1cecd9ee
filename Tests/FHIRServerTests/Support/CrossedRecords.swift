import FHIRModel
import TestSupport

/// R4 data in which every patient-bearing type names several patients: Observations performed
/// by one patient for another, doses given by a patient, Tasks owned by one patient for another,
/// Groups and Linkages of several, Binaries whose `securityContext` is someone's order, a
/// Medication whose extension names a patient; some references absolute, to this server or another. Made at random from a seed, as JSON objects in
/// the order they are loaded.
enum CrossedRecords {
    static let patients = (0..<6).map { "p\($0)" }
    static let practitioners = (0..<3).map { "dr\($0)" }
    static let codes = ["8480-6", "8462-4", "29463-7"]

    static func make(seed: UInt64) -> [JSONValue] {
        var random = SeededGenerator(seed: seed)
        var made: [JSONValue] = []
        func add(_ type: String, _ id: String, _ members: [(String, JSONValue)]) {
            made.append(.object(JSONObject([("resourceType", .string(type)), ("id", .string(id))] + members)))
        }
        func pick(_ from: [String]) -> String { from.randomElement(using: &random)! }
        // A reference is written relative, or absolute under this server's base or another
        // server's (whose `Patient/p0` is not this server's p0).
        func ref(_ text: String) -> JSONValue {
            let base = ["", "", "", "", "", "", ReachDefinition.ownBase, ReachDefinition.otherBase]
            return .object(JSONObject([("reference", .string(pick(base) + text))]))
        }
        func anyone() -> String {
            Bool.random(using: &random) ? "Patient/\(pick(patients))" : "Practitioner/\(pick(practitioners))"
        }
        for id in practitioners {
            add("Practitioner", id, [("name", .array([.object(JSONObject([("family", .string("Doc\(id)"))]))]))])
        }
        let meds = (0..<4).map { "m\($0)" }
        for id in meds {
            var members: [(String, JSONValue)] = [("code", .object(JSONObject([("text", .string("drug \(id)"))])))]
            if id == "m3" {
                members.append(
                    (
                        "extension",
                        .array([
                            .object(
                                JSONObject([
                                    ("url", .string("http://example.org/kept-for")),
                                    ("valueReference", ref("Patient/\(pick(patients))")),
                                ]))
                        ])
                    ))
            }
            add("Medication", id, members)
        }
        for (index, id) in patients.enumerated() {
            var members: [(String, JSONValue)] = [
                (
                    "name",
                    .array([
                        .object(
                            JSONObject([
                                ("family", .string("F\(index % 3)")), ("given", .array([.string("G\(index)")])),
                            ]))
                    ])
                ),
                ("generalPractitioner", .array([ref("Practitioner/\(pick(practitioners))")])),
            ]
            if Int.random(in: 0..<3, using: &random) == 0 {
                members.append(
                    (
                        "link",
                        .array([
                            .object(
                                JSONObject([("other", ref("Patient/\(pick(patients))")), ("type", .string("seealso"))]))
                        ])
                    ))
            }
            add("Patient", id, members)
        }
        let encounters = (0..<10).map { "enc\($0)" }
        for id in encounters {
            add(
                "Encounter", id,
                [
                    ("status", .string("finished")), ("class", .object(JSONObject([("code", .string("AMB"))]))),
                    ("subject", ref("Patient/\(pick(patients))")),
                    (
                        "participant",
                        .array([.object(JSONObject([("individual", ref("Practitioner/\(pick(practitioners))"))]))])
                    ),
                ])
        }
        for index in 0..<24 {
            let performers = (0..<Int.random(in: 0...2, using: &random)).map { _ in ref(anyone()) }
            var members: [(String, JSONValue)] = [
                ("status", .string("final")),
                (
                    "code",
                    .object(
                        JSONObject([
                            (
                                "coding",
                                .array([
                                    .object(
                                        JSONObject([
                                            ("system", .string("http://loinc.org")), ("code", .string(pick(codes))),
                                        ]))
                                ])
                            )
                        ]))
                ),
                ("subject", ref("Patient/\(pick(patients))")), ("encounter", ref("Encounter/\(pick(encounters))")),
                ("valueQuantity", .object(JSONObject([("value", .number(String(100 + index)))]))),
            ]
            if !performers.isEmpty { members.append(("performer", .array(performers))) }
            add("Observation", "obs\(index)", members)
        }
        let orders = (0..<10).map { "rx\($0)" }
        for id in orders {
            add(
                "MedicationRequest", id,
                [
                    ("status", .string("active")), ("intent", .string("order")),
                    ("medicationReference", ref("Medication/\(pick(meds))")),
                    ("subject", ref("Patient/\(pick(patients))")),
                    ("requester", ref("Practitioner/\(pick(practitioners))")),
                    ("encounter", ref("Encounter/\(pick(encounters))")),
                ])
        }
        for index in 0..<16 {
            add(
                "MedicationAdministration", "dose\(index)",
                [
                    ("status", .string("completed")), ("medicationReference", ref("Medication/\(pick(meds))")),
                    ("subject", ref("Patient/\(pick(patients))")),
                    ("request", ref("MedicationRequest/\(pick(orders))")),
                    ("effectiveDateTime", .string("2016-08-1\(index % 10)T08:00:00Z")),
                    ("performer", .array([.object(JSONObject([("actor", ref(anyone()))]))])),
                ])
        }
        for index in 0..<4 { add("Device", "dev\(index)", [("patient", ref("Patient/\(pick(patients))"))]) }
        for index in 0..<6 {
            add(
                "Task", "task\(index)",
                [
                    ("status", .string("requested")), ("intent", .string("order")),
                    ("for", ref("Patient/\(pick(patients))")), ("owner", ref(anyone())), ("requester", ref(anyone())),
                    ("focus", ref("MedicationRequest/\(pick(orders))")),
                ])
        }
        for index in 0..<6 {
            var members: [(String, JSONValue)] = [
                ("contentType", .string("text/plain")), ("data", .string("aGVsbG8=")),
            ]
            let context = [
                "MedicationRequest/\(pick(orders))", "Observation/obs\(index)", "Patient/\(pick(patients))",
                "Binary/bin\((index + 1) % 6)", "",
            ][index % 5]
            if !context.isEmpty { members.append(("securityContext", ref(context))) }
            add("Binary", "bin\(index)", members)
        }
        for index in 0..<2 {
            let members = (0..<3).map { _ in
                JSONValue.object(JSONObject([("entity", ref("Patient/\(pick(patients))"))]))
            }
            add(
                "Group", "grp\(index)",
                [("type", .string("person")), ("actual", .bool(true)), ("member", .array(members))])
        }
        for index in 0..<3 {
            let items = (0..<2).map { n in
                JSONValue.object(
                    JSONObject([("type", .string(n == 0 ? "source" : "alternate")), ("resource", ref(anyone()))]))
            }
            add("Linkage", "lk\(index)", [("item", .array(items))])
        }
        return made
    }
}
