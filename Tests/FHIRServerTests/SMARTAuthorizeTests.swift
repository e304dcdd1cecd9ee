import FHIRModel
import FHIRServer
import SMART
import Testing

/// The authorization endpoint's rules, one test each: a request that breaks one is refused, on
/// the page when the client or redirect URI cannot be trusted, else back at the app, with the
/// rule named.
@Suite("SMART authorization requests")
struct SMARTAuthorizeTests {
    static let scope = "launch/patient patient/*.rs"

    static func refusal(_ harness: SMARTHarness, _ query: [(name: String, value: String)]) -> AuthorizationServer
        .Refusal?
    {
        if case .failure(let refusal) = harness.auth.authorize(query, audience: SMARTHarness.audience) {
            return refusal
        }
        return nil
    }

    /// The error a refusal sends back to the app, and its description.
    static func error(_ refusal: AuthorizationServer.Refusal?) throws -> (String, String) {
        guard case .redirect(let location) = refusal else {
            throw HarnessError("not sent back: \(String(describing: refusal))")
        }
        #expect(location.hasPrefix(SMARTHarness.redirect + "?"))
        return (
            try SMARTHarness.queryItem("error", of: location),
            try SMARTHarness.queryItem("error_description", of: location)
        )
    }

    @Test func aRequestThatFollowsEveryRuleWaitsForTheUser() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        #expect(Self.refusal(harness, query) == nil)
    }

    @Test func anUnknownClientIsRefusedOnThePage() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            client: "nobody", scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        guard case .page(let message) = Self.refusal(harness, query) else {
            Issue.record("not refused on the page"); return
        }
        #expect(message.contains("unknown client_id 'nobody'"))
    }

    /// A redirect URI one character off is never sent the refusal (it may be an attacker's).
    @Test(arguments: [
        ("medbrain", "http://127.0.0.1:5555/callbacks"), ("medbrain", "http://127.0.0.1:5555/callbac"),
        ("medbrain", "http://127.0.0.2:5555/callback"), ("medbrain", "https://127.0.0.1:5555/callback"),
        ("ward-app", "https://ward.example/callback/"), ("ward-app", "https://ward.example:443/callback"),
    ])
    func aRedirectURIOneCharacterOffIsRefusedOnThePage(client: String, redirect: String) async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            client: client, redirect: redirect, scope: Self.scope,
            challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        guard case .page(let message) = Self.refusal(harness, query) else {
            Issue.record("not refused on the page"); return
        }
        #expect(message.contains("must match character for character"))
    }

    @Test(arguments: [
        (["code_challenge": String?.none], "invalid_request", "PKCE is required"),
        (["code_challenge_method": "plain"], "invalid_request", "PKCE is required"),
        (["code_challenge_method": String?.none], "invalid_request", "PKCE is required"),
        (["code_challenge": "short"], "invalid_request", "PKCE is required"),
        (["state": String?.none], "invalid_request", "state is required"),
        (["aud": "http://elsewhere.example/fhir"], "invalid_request", "aud must be this server's FHIR base URL"),
        (["aud": String?.none], "invalid_request", "aud must be"),
        (["response_type": "token"], "unsupported_response_type", "response_type must be code"),
        (["scope": "launch/patient patient/*.rs admin"], "invalid_scope", "not scopes SMART defines: admin"),
        (
            ["scope": "launch/patient patient/Observation.rs?category=vital-signs"], "invalid_scope",
            "not scopes SMART defines"
        ),
    ])
    func aBrokenRuleIsSentBackNamed(changes: [String: String?], code: String, description: String) async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()), changes: changes)
        let (error, said) = try Self.error(Self.refusal(harness, query))
        #expect(error == code)
        #expect(said.contains(description), "\(said)")
    }

    /// The state comes back unchanged with a refusal too, so the app can tell it is its own.
    @Test func theStateComesBackWithARefusal() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: "x", changes: ["state": "a b+c&d"])
        guard case .redirect(let location) = Self.refusal(harness, query) else { Issue.record("not sent back"); return }
        #expect(try SMARTHarness.queryItem("state", of: location) == "a b+c&d")
    }

    @Test func aScopeOutsideTheClientsIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            client: "obs-viewer", redirect: "http://127.0.0.1:7000/cb",
            scope: "launch/patient patient/MedicationRequest.rs",
            challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        guard case .redirect(let location) = Self.refusal(harness, query) else { Issue.record("not sent back"); return }
        #expect(try SMARTHarness.queryItem("error", of: location) == "invalid_scope")
        #expect(
            try SMARTHarness.queryItem("error_description", of: location)
                == "obs-viewer may not be granted patient/MedicationRequest.rs")
    }

    /// A client's id and a patient's name reach the page as text, never as markup.
    @Test func thePageEscapesWhatItShows() async throws {
        let harness = try await SMARTHarness.make()
        let created = await harness.request(
            "PUT", "Patient/p9", token: try harness.token(scope: "user/*.cruds", patient: nil),
            body: #"{"resourceType":"Patient","id":"p9","name":[{"family":"<script>x</script>","given":["O'Brien"]}]}"#)
        #expect(created.status == 201, "\(created.text)")
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        // The patients are listed once the user signed in.
        let form = "request=\(id)&secret=\(harness.auth.signInSecret ?? "")"
        let page = await harness.auth.respond(
            FHIRRequest(method: "POST", components: ["authorize"], body: Array(form.utf8)),
            origin: SMARTHarness.origin, audience: SMARTHarness.audience
        ) { await harness.service.patientChoices() }
        let html = page.text
        #expect(html.contains("O&#39;Brien &lt;script&gt;x&lt;/script&gt;"), "\(html)")
        #expect(!html.contains("<script>"))
    }

    @Test func aUserWhoDeclinesSendsAccessDenied() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        let location = try harness.auth.answer(id, approve: false, patient: nil, patients: harness.patientIDs).get()
        #expect(try SMARTHarness.queryItem("error", of: location) == "access_denied")
        // Answered once: the same request cannot be approved after.
        #expect(throws: AuthorizationServer.Refusal.self) {
            try harness.auth.answer(id, approve: true, patient: "p0", patients: harness.patientIDs).get()
        }
    }

    @Test func aPatientScopeNeedsAPatientPicked() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        #expect(throws: AuthorizationServer.Refusal.self) {
            try harness.auth.answer(id, approve: true, patient: nil, patients: harness.patientIDs).get()
        }
        #expect(throws: AuthorizationServer.Refusal.self) {
            try harness.auth.answer(id, approve: true, patient: "nobody", patients: harness.patientIDs).get()
        }
        // Still waiting: the user can pick one now.
        #expect(throws: Never.self) {
            try harness.auth.answer(id, approve: true, patient: "p1", patients: harness.patientIDs).get()
        }
    }
}
