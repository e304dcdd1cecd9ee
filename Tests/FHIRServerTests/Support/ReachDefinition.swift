import FHIRModel
import Foundation
import TestSupport

/// Whose each resource is, written in the test from the specification's data, not from the
/// server's code: R4's CompartmentDefinition `patient` names the parameters of each type (and
/// the rule the server is held to for the types the definition leaves out adds Device's and
/// Task's), and R4's `search-parameters.json` (in ../shared/reference) gives each parameter's
/// path.
struct ReachDefinition {
    /// The parameters that put a resource of the type in a patient's compartment.
    static let parameters: [String: [String]] = [
        "Patient": ["link"], "Encounter": ["patient"], "Observation": ["subject", "performer"],
        "MedicationRequest": ["subject"], "MedicationAdministration": ["patient", "performer", "subject"],
        "Group": ["member"],
        // Not in the CompartmentDefinition, but each has a search parameter that targets Patient.
        "Device": ["patient"], "Task": ["patient", "owner", "requester"],
    ]

    /// The paths of ``parameters`` as R4's SearchParameters define them (`Observation.subject`
    /// → `subject`; `Task.for.where(resolve() is Patient)` → `for`, which in the test's data
    /// only names patients), read once.
    static let compartment: Result<[String: [String]], any Error> = Result {
        let url = try SharedReference.url("fhir-definitions/r4-search-parameters.json")
        let bundle = try JSONParser.parse(Array(try Data(contentsOf: url)))
        var paths: [String: [String]] = [:]
        for entry in bundle["entry"]?.arrayValue ?? [] {
            guard let resource = entry["resource"], let code = resource["code"]?.stringValue,
                let expression = resource["expression"]?.stringValue
            else { continue }
            for base in resource["base"]?.arrayValue?.compactMap(\.stringValue) ?? []
            where parameters[base]?.contains(code) == true {
                for part in expression.components(separatedBy: " | ") where part.hasPrefix(base + ".") {
                    let path = part.dropFirst(base.count + 1).replacingOccurrences(
                        of: ".where(resolve() is Patient)", with: "")
                    paths[base, default: []].append(path)
                }
            }
        }
        return paths
    }

    /// The harness's base (``SMARTHarness/names``): a reference under it is the server's own.
    static let ownBase = "http://127.0.0.1/fhir/"
    /// Another server's base: what a reference under it names is never this server's.
    static let otherBase = "http://other.example/fhir/"

    /// The key (`Type/id`) of the server's own resource `reference` names, or nil for another
    /// server's.
    static func local(_ reference: String) -> String? {
        if reference.hasPrefix(ownBase) { return String(reference.dropFirst(ownBase.count)) }
        return reference.contains("://") ? nil : reference
    }

    /// Whether `reference` names a patient other than this one: another of this server's, or
    /// any other server's.
    func namesAnotherPatient(_ reference: String) -> Bool {
        let local = Self.local(reference)
        let isPatient = (local ?? String(reference.dropFirst(Self.otherBase.count))).hasPrefix("Patient/")
        return isPatient && local != "Patient/\(patient)"
    }

    let compartment: [String: [String]]
    let patient: String
    let byKey: [String: JSONValue]

    init(patient: String, resources: [JSONValue]) throws {
        compartment = try Self.compartment.get()
        self.patient = patient
        var byKey: [String: JSONValue] = [:]
        for resource in resources { byKey[Self.key(resource)] = resource }
        self.byKey = byKey
    }

    static func key(_ resource: JSONValue) -> String {
        "\(resource["resourceType"]?.stringValue ?? "")/\(resource["id"]?.stringValue ?? "")"
    }

    /// Whether a token for the patient may see `resource`.
    func sees(_ resource: JSONValue) -> Bool {
        let type = resource["resourceType"]?.stringValue ?? ""
        if compartment[type] != nil || type == "Binary" { return holds(resource, depth: 0) }
        return !Self.references(resource).contains(where: namesAnotherPatient)
    }

    func holds(_ resource: JSONValue, depth: Int) -> Bool {
        let type = resource["resourceType"]?.stringValue ?? ""
        if type == "Patient", resource["id"]?.stringValue == patient { return true }
        if type == "Binary" {
            guard depth < 4, let written = resource["securityContext"]?["reference"]?.stringValue,
                let context = Self.local(written)
            else { return false }
            if context.hasPrefix("Patient/") { return context == "Patient/\(patient)" }
            return byKey[context].map { holds($0, depth: depth + 1) } ?? false
        }
        return (compartment[type] ?? []).contains { path in
            Self.values(resource, path.split(separator: ".").map(String.init)).contains {
                $0["reference"]?.stringValue.flatMap(Self.local) == "Patient/\(patient)"
            }
        }
    }

    /// Whether a token for the patient may write `resource` (nil: a delete) over `replacing`
    /// (nil: a create): both must be in the compartment of a type that has one and name no
    /// other patient; what is written may link only to what the patient may see (what it
    /// replaces may link elsewhere: its links are no other patient's record).
    func mayWrite(_ resource: JSONValue?, replacing: JSONValue?) -> Bool {
        let links =
            resource.map { Self.references($0).allSatisfy { Self.local($0).flatMap { byKey[$0] }.map(sees) ?? true } }
            ?? true
        return links
            && [resource, replacing].compactMap { $0 }.allSatisfy { json in
                let type = json["resourceType"]?.stringValue ?? ""
                return (compartment[type] != nil || type == "Binary") && holds(json, depth: 0)
                    && !Self.references(json).contains(where: namesAnotherPatient)
            }
    }

    static func values(_ json: JSONValue, _ path: [String]) -> [JSONValue] {
        guard let first = path.first else { return [json] }
        let items = json[first].map { $0.arrayValue ?? [$0] } ?? []
        return items.flatMap { values($0, Array(path.dropFirst())) }
    }

    static func references(_ json: JSONValue) -> [String] {
        switch json {
        case .object(let object):
            object.members.flatMap { key, value in
                key == "reference" ? (value.stringValue.map { [$0] } ?? []) : references(value)
            }
        case .array(let items): items.flatMap(references)
        default: []
        }
    }
}
