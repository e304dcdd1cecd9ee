import TestSupport

/// The grammar of the requests the differential reach test makes over ``CrossedRecords``: every
/// route into the store the server has. A feature the server learns adds its line here.
///
/// - read `T/id`, version read `T/id/_history/1`, history `T/id/_history`, of anyone's resources
///   and of ids that do not exist;
/// - search criteria of each parameter kind the types have: token (with system, `:not`),
///   reference (`Type/id`, bare id, absolute under this server's base or another server's,
///   `:Type`, `:missing`), string (`:exact`, `:contains`), date,
///   quantity, `_id`;
/// - compartment searches (`Patient/p1/Observation?…`) of anyone's compartment;
/// - chains one to three deep, typed (`subject:Patient.`) or not, and `_has`, nested;
/// - `_include` and `_revinclude` with a target type, `*`, and `:iterate`;
/// - `_count` with `_offset`, `_sort`, `_summary=count`, `_total`, `_elements`;
/// - batches of one to three of the above.
enum ReachQueryGrammar {
    static let criteria: [String: [String]] = [
        "Observation": [
            "code={c}", "code=http://loinc.org|{c}", "code:not={c}", "subject={base}Patient/{p}", "patient={p}",
            "subject:Patient={p}", "performer={base}Patient/{p}", "performer=Practitioner/{dr}",
            "performer:missing={bool}",
            "encounter={base}Encounter/{enc}", "subject.family={F}", "subject:Patient.given={G}",
            "encounter.subject.family={F}", "encounter.subject:Patient.link:Patient.given={G}",
            "performer:Patient.family={F}", "_id=obs{n}", "value-quantity=gt{v}",
        ],
        "MedicationRequest": [
            "subject={base}Patient/{p}", "patient={p}", "medication=Medication/{m}", "requester=Practitioner/{dr}",
            "encounter.subject.family={F}", "subject.name={G}",
            "_has:MedicationAdministration:request:performer=Patient/{p}",
        ],
        "MedicationAdministration": [
            "patient={p}", "performer={base}Patient/{p}", "request={base}MedicationRequest/{rx}",
            "request.subject={base}Patient/{p}",
            "request.subject.family={F}", "effective-time=ge2016-08-1{d}", "medication=Medication/{m}",
        ],
        "Encounter": [
            "subject={base}Patient/{p}", "patient={p}", "participant=Practitioner/{dr}",
            "_has:Observation:encounter:subject=Patient/{p}", "_has:Observation:encounter:performer={base}Patient/{p}",
            "subject.family={F}",
        ],
        "Patient": [
            "family={F}", "family:exact={F}", "name:contains={G}", "given={G}", "link={base}Patient/{p}",
            "general-practitioner=Practitioner/{dr}", "_id={p}", "_has:Observation:subject:code={c}",
            "_has:Observation:patient:performer=Patient/{p}",
            "_has:MedicationRequest:subject:_has:MedicationAdministration:request:performer=Patient/{p}",
            "_has:Group:member:actual=true", "_has:Task:owner:status=requested", "link:Patient.family={F}",
            "_has:Linkage:item:_id=lk{n}", "_has:Device:patient:_id=dev{n}",
        ],
        "Medication": [
            "_has:MedicationRequest:medication:patient={base}Patient/{p}",
            "_has:MedicationRequest:medication:subject.family={F}",
            "_has:MedicationAdministration:medication:performer=Patient/{p}", "_id=m{n}",
        ],
        "Practitioner": [
            "_has:MedicationRequest:requester:patient=Patient/{p}", "_has:Encounter:participant:subject=Patient/{p}",
            "family=Doc{dr}", "_has:Task:owner:patient={p}",
        ],
        "Device": ["patient={p}", "patient.family={F}"],
        "Task": [
            "patient={p}", "owner={base}Patient/{p}", "requester=Patient/{p}", "focus=MedicationRequest/{rx}",
            "focus:MedicationRequest.subject=Patient/{p}", "owner:missing={bool}",
        ],
        "Binary": ["_id=bin{n}"],
        "Group": ["member={base}Patient/{p}", "member.family={F}"],
        "Linkage": ["item={base}Patient/{p}", "source=Patient/{p}"],
    ]

    static let includes = [
        "Observation:subject", "Observation:subject:Patient", "Observation:performer", "Observation:encounter",
        "MedicationRequest:medication", "MedicationRequest:subject", "MedicationRequest:requester",
        "MedicationRequest:encounter", "MedicationAdministration:request", "MedicationAdministration:performer",
        "MedicationAdministration:medication", "MedicationAdministration:patient", "Encounter:subject",
        "Patient:link", "Patient:general-practitioner", "Task:focus", "Task:owner", "Task:patient", "Group:member",
        "Linkage:item", "Device:patient",
    ]

    static let extras = [
        "_count={k}&_offset={o}", "_sort=_id", "_sort=-_id", "_summary=count", "_total=accurate", "_elements=id",
        "_count={k}",
    ]

    static let values: [String: [String]] = [
        "p": CrossedRecords.patients, "F": ["F0", "F1", "F2"], "G": (0..<6).map { "G\($0)" },
        "c": CrossedRecords.codes, "dr": CrossedRecords.practitioners, "enc": (0..<10).map { "enc\($0)" },
        "rx": (0..<10).map { "rx\($0)" }, "m": (0..<4).map { "m\($0)" }, "n": (0..<24).map(String.init),
        "bool": ["true", "false"], "v": (100..<125).map(String.init), "d": (0..<10).map(String.init),
        "k": (1...5).map(String.init), "o": (0..<5).map(String.init),
        "base": ["", "", ReachDefinition.ownBase, ReachDefinition.otherBase],
    ]

    /// One request at random: its method, path and body.
    static func request(keys: [String], _ random: inout SeededGenerator) -> (String, String, String?) {
        guard Int.random(in: 0..<12, using: &random) != 0 else {
            let entries = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                #"{"request":{"method":"GET","url":"\#(get(keys: keys, &random))"}}"#
            }
            return (
                "POST", "", #"{"resourceType":"Bundle","type":"batch","entry":[\#(entries.joined(separator: ","))]}"#
            )
        }
        return ("GET", get(keys: keys, &random), nil)
    }

    static func get(keys: [String], _ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            let key = keys.randomElement(using: &random)!
            return [key, key + "/_history/1", key + "/_history", "Observation/none"].randomElement(using: &random)!
        case 1: return "Patient/\(CrossedRecords.patients.randomElement(using: &random)!)/" + search(&random)
        default: return search(&random)
        }
    }

    static func search(_ random: inout SeededGenerator) -> String {
        let type = criteria.keys.sorted().randomElement(using: &random)!
        var parts = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            criteria[type]!.randomElement(using: &random)!
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let iterate = Bool.random(using: &random) ? ":iterate" : ""
                let target = Int.random(in: 0..<8, using: &random) == 0 ? "*" : includes.randomElement(using: &random)!
                parts.append("_include\(iterate)=\(target)")
            case 1:
                let iterate = Bool.random(using: &random) ? ":iterate" : ""
                parts.append("_revinclude\(iterate)=\(includes.randomElement(using: &random)!)")
            default: parts.append(extras.randomElement(using: &random)!)
            }
        }
        return type + (parts.isEmpty ? "" : "?" + filled(parts.joined(separator: "&"), &random))
    }

    /// `template` with each `{name}` replaced by one of its values.
    static func filled(_ template: String, _ random: inout SeededGenerator) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name]?.randomElement(using: &random) ?? name
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
