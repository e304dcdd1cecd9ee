import FHIRModel
import FHIRValidation

extension InstructionsInput {
    /// The specification's invariants the input's Timings break (`tim-9`: an offset with no
    /// `when`; `drt-1`: bounds not in UCUM): such a Timing is refused with its rule, as read
    /// aloud it would teach a schedule FHIR forbids. Rules broken elsewhere in an order (a dose's
    /// unit without its system) do not change what the sentence says, and are `validate`'s to
    /// report. STU3 and DSTU2 have no invariants at hand, so none are checked there.
    static func brokenRules(in json: JSONValue, items: [Item]) -> [ValidationIssue] {
        let checked: [(JSONValue, String, FHIRVersion)]
        switch json["resourceType"]?.stringValue {
        case "Bundle"?:
            checked = (json["entry"]?.arrayValue ?? []).compactMap { entry in
                guard let resource = entry["resource"], let type = resource["resourceType"]?.stringValue,
                    type == "MedicationOrder" || type == "MedicationRequest"
                else { return nil }
                return (resource, type, Order.version(of: resource))
            }
        case let type?:
            checked = [(json, type, Order.version(of: json))]
        case nil:
            guard let item = items.first else { return [] }
            let type =
                switch item.content {
                case .timing: "Timing"
                case .dosage: item.version == .dstu2 ? "DosageInstruction" : "Dosage"
                }
            checked = [(json, type, item.version)]
        }
        return checked.flatMap { value, type, version in
            ResourceValidator(version: version).invariantIssues(in: value, type: type).filter { issue in
                issue.isError && (type == "Timing" || issue.path.contains(".timing"))
            }
        }
    }
}
