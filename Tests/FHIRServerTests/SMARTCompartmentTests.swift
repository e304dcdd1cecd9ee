import FHIRModel
import FHIRServer
import TestSupport
import Testing

/// Ten thousand requests, made at random from every route there is to a resource (read, vread,
/// history, searches with chains, `_has`, `_include`, `_revinclude`, paging and counts, and
/// batches of them), with a token for one patient: none answers a resource of any other.
/// Whose a resource is comes from how the test wrote the data, not from the server.
@Suite("SMART compartment, randomized")
struct SMARTCompartmentTests {
    static let requests = 10_000
    static let patients = 6
    /// Types whose resources are no patient's: the shared Medication and Practitioner, and the
    /// built-in dataset's.
    static let shared: Set<String> = ["Medication", "Practitioner", "Organization"]

    @Test func aPatientsTokenNeverAnswersAnotherPatientsResource() async throws {
        let harness = try await SMARTHarness.make(patients: Self.patients)
        let token = try harness.token(scope: "launch/patient patient/*.rs", patient: "p0")
        var generator = SeededGenerator(seed: 32)
        var seen = 0
        var statuses: [Int: Int] = [:]
        for _ in 0..<Self.requests {
            let (method, path, body) = Self.request(harness, &generator)
            let answer = await harness.request(method, path, token: token, body: body)
            statuses[answer.status, default: 0] += 1
            for key in Self.resources(in: answer.json ?? .null) {
                seen += 1
                let owner = harness.owner[key]
                let type = String(key.prefix { $0 != "/" })
                #expect(
                    owner == "p0" || (owner == nil && Self.shared.contains(type)), "\(method) \(path) answered \(key)")
            }
            if path.contains("_summary=count"), let total = answer.json?["total"]?.numberValue {
                let type = String(path.prefix { $0 != "?" })
                #expect(
                    total <= Double(harness.owner.filter { $0.value == "p0" && $0.key.hasPrefix(type + "/") }.count))
            }
        }
        // The routes reached resources, and refused some: the test looked at something.
        #expect(seen > Self.requests / 2)
        #expect(statuses[200, default: 0] > Self.requests / 2 && statuses[404, default: 0] > Self.requests / 10)
    }

    /// One request at random: its method, path and body.
    static func request(_ harness: SMARTHarness, _ generator: inout SeededGenerator) -> (String, String, String?) {
        if Int.random(in: 0..<10, using: &generator) == 0 {
            let entries = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                #"{"request":{"method":"GET","url":"\#(readOrSearch(harness, &generator))"}}"#
            }
            return (
                "POST", "", #"{"resourceType":"Bundle","type":"batch","entry":[\#(entries.joined(separator: ","))]}"#
            )
        }
        return ("GET", readOrSearch(harness, &generator), nil)
    }

    static func readOrSearch(_ harness: SMARTHarness, _ generator: inout SeededGenerator) -> String {
        // Half the reads are of the patient's own resources, half of anyone's.
        let own = Bool.random(using: &generator)
        let keys =
            harness.owner.filter { !own || $0.value == "p0" }.keys.sorted()
            + (own ? [] : ["Medication/med", "Practitioner/dr", "Patient/f001", "MedicationRequest/f101"])
        let key = keys.randomElement(using: &generator)!
        let patient = "p\(Int.random(in: 0..<patients, using: &generator))"
        let family = "Family\(patient.dropFirst())"
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return key
        case 1: return key + "/_history/1"
        case 2: return key + "/_history"
        default:
            let searches = [
                "Observation?subject=Patient/\(patient)", "Observation?patient=\(patient)", "Observation?code=8480-6",
                "Observation?subject.family=\(family)", "Observation?subject:Patient.given=Given\(patient.dropFirst())",
                "Observation?_include=Observation:encounter", "Observation?_include=Observation:subject",
                "Observation?_include=*", "Encounter?_revinclude=Observation:encounter",
                "Patient?_revinclude=Observation:subject", "Patient?_has:Observation:patient:code=8480-6",
                "Patient?_id=\(patient)", "Patient?family=\(family)", "Patient", "Encounter?subject=\(patient)",
                "MedicationRequest?_revinclude=MedicationAdministration:request",
                "MedicationAdministration?_include=MedicationAdministration:request&_include:iterate=MedicationRequest:subject",
                "Observation?_count=2&_offset=\(Int.random(in: 0..<4, using: &generator))",
                "Observation?_summary=count", "MedicationRequest?_summary=count",
                "Observation?encounter=enc-\(patient)&_include=Observation:encounter",
            ]
            return searches.randomElement(using: &generator)!
        }
    }

    /// `Type/id` of every resource in `json`: itself, a Bundle's entries, a batch's answers.
    static func resources(in json: JSONValue) -> [String] {
        var found: [String] = []
        func walk(_ value: JSONValue) {
            if let type = value["resourceType"]?.stringValue, type != "Bundle", type != "OperationOutcome",
                let id = value["id"]?.stringValue
            {
                found.append("\(type)/\(id)")
            }
            for entry in value["entry"]?.arrayValue ?? [] {
                if let resource = entry["resource"] { walk(resource) }
            }
        }
        walk(json)
        return found
    }
}

extension JSONValue {
    fileprivate var numberValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}
