import FHIRModel
import FHIRServer
import Testing

/// The routes around a patient's compartment that an attacker with p0's token tried, each
/// answered as the reach allows. Each row failed before the reach was decided in one place.
@Suite("SMART reach, attacks")
struct SMARTReachAttackTests {
    struct Attack: Sendable, CustomTestStringConvertible {
        let what: String
        let scope: String
        let method: String
        let path: String
        var body: String? = nil
        /// The status the server must answer.
        let status: Int
        /// Resources the answer must not hold.
        var absent: [String] = []
        var testDescription: String { what }
    }

    static let read = "launch/patient patient/*.rs"
    static let write = "launch/patient patient/*.cruds"

    static let attacks: [Attack] = [
        Attack(
            what: "_has reads another patient's order through the shared drug", scope: read, method: "GET",
            path: "Medication?_has:MedicationRequest:medication:patient=Patient/p1", status: 200,
            absent: ["Medication/med"]),
        Attack(
            what: "_has names who performed another patient's reading", scope: read, method: "GET",
            path: "Practitioner?_has:Observation:performer:subject=Patient/p1", status: 200,
            absent: ["Practitioner/dr"]),
        Attack(
            what: "_include:iterate reaches through another patient's reading", scope: read, method: "GET",
            path: "Practitioner?_revinclude=Observation:performer&_include:iterate=Observation:encounter", status: 200,
            absent: ["Encounter/enc-p0"]),
        Attack(
            what: "a nested chain searches a type the scopes leave out",
            scope: "launch/patient patient/Observation.rs patient/Encounter.rs", method: "GET",
            path: "Observation?encounter:Encounter.subject:Patient.family=Family1", status: 403),
        Attack(
            what: "a Binary whose securityContext is another patient's order", scope: read, method: "GET",
            path: "Binary/note-p1", status: 404),
        Attack(
            what: "a Binary found by search", scope: read, method: "GET", path: "Binary", status: 200,
            absent: ["Binary/note-p1", "Binary/loose"]),
        Attack(
            what: "another patient's Device by patient=", scope: read, method: "GET", path: "Device?patient=p1",
            status: 200, absent: ["Device/pump-p1"]),
        Attack(
            what: "a Task for another patient", scope: write, method: "POST", path: "Task",
            body: #"{"resourceType":"Task","status":"requested","intent":"order","for":{"reference":"Patient/p1"}}"#,
            status: 403),
        Attack(
            what: "deleting the drug every patient's order names", scope: write, method: "DELETE",
            path: "Medication/med", status: 403),
        Attack(
            what: "a reading performed by another patient", scope: write, method: "POST", path: "Observation",
            body:
                #"{"resourceType":"Observation","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p0"},"performer":[{"reference":"Patient/p1"}]}"#,
            status: 403),
        Attack(
            what: "a dose that fulfils another patient's order", scope: write, method: "POST",
            path: "MedicationAdministration",
            body:
                #"{"resourceType":"MedicationAdministration","status":"completed","medicationReference":{"reference":"Medication/med"},"subject":{"reference":"Patient/p0"},"request":{"reference":"MedicationRequest/rx-p1"},"effectiveDateTime":"2016-08-16T08:00:00Z"}"#,
            status: 403),
        Attack(
            what: "moving one's reading to another patient", scope: write, method: "PUT", path: "Observation/obs-p0-0",
            body:
                #"{"resourceType":"Observation","id":"obs-p0-0","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p1"}}"#,
            status: 403),
        Attack(
            what: "a batch entry that deletes another patient's reading", scope: write, method: "POST", path: "",
            body:
                #"{"resourceType":"Bundle","type":"transaction","entry":[{"request":{"method":"DELETE","url":"Observation/obs-p1-0"}}]}"#,
            status: 404),
        Attack(
            what: "an update that asks whether another patient's reading exists", scope: write, method: "PUT",
            path: "Observation/obs-p1-0", body: reading("obs-p1-0", subject: "Patient/p0"), status: 404),
        Attack(
            what: "an update that would make a reading under an id never seen", scope: write, method: "PUT",
            path: "Observation/obs-free", body: reading("obs-free", subject: "Patient/p0"), status: 404),
        Attack(
            what: "another server's p0 read as this server's", scope: read, method: "GET",
            path: "Observation/obs-elsewhere", status: 404),
        Attack(
            what: "another server's p0 found by p0's own search", scope: read, method: "GET",
            path: "Observation?subject=Patient/p0", status: 200, absent: ["Observation/obs-elsewhere"]),
        Attack(
            what: "another server's p0 found by its absolute URL", scope: read, method: "GET",
            path: "Observation?subject=http://other.example/fhir/Patient/p0", status: 200,
            absent: ["Observation/obs-elsewhere"]),
        Attack(
            what: "a chain through another server's p0", scope: read, method: "GET",
            path: "Observation?subject:Patient.family=Family0&_include=Observation:subject", status: 200,
            absent: ["Observation/obs-elsewhere"]),
        Attack(
            what: "a reading written for another server's p0", scope: write, method: "POST", path: "Observation",
            body: reading(nil, subject: "http://other.example/fhir/Patient/p0"), status: 403),
        Attack(
            what: "a reading for p0 that names p1 by this server's absolute URL", scope: write, method: "POST",
            path: "Observation",
            body: reading(nil, subject: "Patient/p0", performer: "http://127.0.0.1/fhir/Patient/p1"),
            status: 403),
        Attack(
            what: "a reading for p0 that names another server's patient", scope: write, method: "POST",
            path: "Observation",
            body: reading(nil, subject: "Patient/p0", performer: "http://other.example/fhir/Patient/p0"),
            status: 403),
        Attack(
            what: "p1's reading named by this server's absolute URL", scope: read, method: "GET",
            path: "Observation?subject=http://127.0.0.1/fhir/Patient/p1", status: 200,
            absent: ["Observation/obs-p1-0", "Observation/obs-absolute-p1"]),
    ]

    /// An Observation of `subject` (and `performer`), with `id` for a PUT.
    static func reading(_ id: String?, subject: String, performer: String? = nil) -> String {
        let idMember = id.map { #""id":"\#($0)","# } ?? ""
        let performed = performer.map { #","performer":[{"reference":"\#($0)"}]"# } ?? ""
        return
            #"{"resourceType":"Observation",\#(idMember)"status":"final","code":{"text":"x"},"subject":{"reference":"\#(subject)"}\#(performed)}"#
    }

    @Test(arguments: attacks) func anAttackIsAnsweredAsTheReachAllows(_ attack: Attack) async throws {
        let harness = try await SMARTHarness.make()
        try await SMARTHarness.load(Self.extraRecords, into: harness.service)
        let token = try harness.token(scope: attack.scope, patient: "p0")
        let answer = await harness.request(attack.method, attack.path, token: token, body: attack.body)
        #expect(answer.status == attack.status, "\(answer.text)")
        let held = SMARTCompartmentTests.resources(in: answer.json ?? .null)
        for key in attack.absent { #expect(!held.contains(key), "\(key) was answered") }
    }

    /// A Binary of p1's (its securityContext p1's order), one of nobody's, p1's Device, a
    /// reading of another server's p0, and one of p1's named by this server's absolute URL.
    static let extraRecords: [JSONValue] = [
        binary("note-p1", context: "MedicationRequest/rx-p1"), binary("loose", context: nil),
        (try? JSONParser.parse(reading("obs-elsewhere", subject: "http://other.example/fhir/Patient/p0"))) ?? .null,
        (try? JSONParser.parse(reading("obs-absolute-p1", subject: "http://127.0.0.1:80/fhir/Patient/p1"))) ?? .null,
        .object(
            JSONObject([
                ("resourceType", "Device"), ("id", "pump-p1"),
                ("patient", .object(JSONObject([("reference", "Patient/p1")]))),
            ])),
    ]

    static func binary(_ id: String, context: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", "Binary"), ("id", .string(id)), ("contentType", "text/plain"), ("data", "aGk="),
        ]
        if let context { members.append(("securityContext", .object(JSONObject([("reference", .string(context))])))) }
        return .object(JSONObject(members))
    }
}
