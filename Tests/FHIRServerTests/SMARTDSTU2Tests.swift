import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// A patient's token on a DSTU2 server: the tutorial's own release names the patient in
/// elements STU3 renamed (`Encounter.patient`, `MedicationOrder.patient`), and its compartment
/// finds them there.
@Suite("SMART on DSTU2")
struct SMARTDSTU2Tests {
    @Test func aPatientsTokenReachesTheirEncountersAndOrdersAlone() async throws {
        let open = try await FHIRService.build(ServerConfiguration(version: .dstu2))
        for (id, patient) in [("e1", "f001"), ("e2", "f002")] {
            let body =
                #"{"resourceType":"Encounter","id":"\#(id)","status":"finished","patient":{"reference":"Patient/\#(patient)"}}"#
            let written = await open.handle(
                FHIRRequest(
                    method: "PUT", components: ["Encounter", id], headers: ["content-type": "application/json+fhir"],
                    body: Array(body.utf8)))
            #expect([200, 201].contains(written.status), "\(String(decoding: written.body, as: UTF8.self))")
        }
        let auth = AuthorizationServer(clients: [], clock: MovableClock())
        let service = FHIRService(version: .dstu2, store: open.store, clock: open.clock, authorization: auth)
        let verifier = PKCE.makeVerifier()
        let query = SMARTHarness.authorizeQuery(
            scope: "launch/patient patient/*.read", challenge: try PKCE.challenge(for: verifier))
        let id = try auth.authorize(query, audience: SMARTHarness.audience).get()
        let location = try auth.answer(id, approve: true, patient: "f001", patients: ["f001", "f002"]).get()
        let form = [
            ("grant_type", "authorization_code"), ("code", try SMARTHarness.queryItem("code", of: location)),
            ("redirect_uri", SMARTHarness.redirect), ("client_id", "medbrain"), ("code_verifier", verifier),
        ]
        let answer = try auth.token(form.map { (name: $0.0, value: $0.1) }, basic: nil, tokenURL: SMARTHarness.tokenURL)
            .get()
        let token = try #require(answer["access_token"]?.stringValue)
        func get(_ path: String) async -> FHIRResponse {
            let (route, query) = (
                path.split(separator: "?").first.map(String.init) ?? path,
                path.split(separator: "?").dropFirst().first.map(String.init) ?? ""
            )
            return await service.handle(
                FHIRRequest(
                    method: "GET", components: route.split(separator: "/").map(String.init),
                    query: QueryString.parameters(query),
                    headers: ["host": "127.0.0.1", "authorization": "Bearer \(token)"]))
        }
        #expect(await get("Encounter/e1").status == 200)
        #expect(await get("Encounter/e2").status == 404)
        let encounters = await get("Encounter").json?["entry"]?.arrayValue?.compactMap {
            $0["resource"]?["id"]?.stringValue
        }
        #expect(encounters == ["e1"])
        let orders = await get("MedicationOrder").json?["entry"]?.arrayValue ?? []
        #expect(!orders.isEmpty)
        #expect(orders.allSatisfy { $0["resource"]?["patient"]?["reference"] == "Patient/f001" })
    }
}
