import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// The EHR launch, one rule a test: the server opens the app at its launch URL with `iss` and
/// `launch`; the launch comes back once, from its own app, within five minutes, with the scope
/// `launch`; its patient is the context, picked by no one.
@Suite("SMART EHR launch")
struct SMARTLaunchTests {
    static let ward = (id: "ward-app", secret: "s3cret-of-the-ward")
    static let scope = "launch openid patient/*.rs"
    static let wardRedirect = "https://ward.example/callback"

    /// The launch id the server sends the app for `patient`.
    static func launch(_ harness: SMARTHarness, patient: String = "p2", client: String = "ward-app") throws -> String {
        let location = try harness.auth.launch(
            [(name: "client_id", value: client), (name: "patient", value: patient)], audience: SMARTHarness.audience
        ).get()
        #expect(location.hasPrefix("https://ward.example/launch?iss=http://127.0.0.1/fhir&launch="), "\(location)")
        return try SMARTHarness.queryItem("launch", of: location)
    }

    /// Why the authorization request is refused; nil when it is taken.
    static func refusal(_ harness: SMARTHarness, launch: String?, scope: String = scope) -> String? {
        let changes: [String: String?] = ["launch": launch]
        let query = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: wardRedirect, scope: scope,
            challenge: (try? PKCE.challenge(for: PKCE.makeVerifier())) ?? "",
            changes: changes)
        switch harness.auth.authorize(query, audience: SMARTHarness.audience) {
        case .success: return nil
        case .failure(.redirect(let location)):
            return (try? SMARTHarness.queryItem("error_description", of: location)) ?? location
        case .failure(let refusal): return "\(refusal)"
        }
    }

    @Test func theLaunchsPatientIsTheContextAndNoOnePicksOne() async throws {
        let harness = try await SMARTHarness.make()
        let launch = try Self.launch(harness)
        let verifier = PKCE.makeVerifier()
        let changes: [String: String?] = ["launch": launch]
        let query = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: Self.wardRedirect, scope: Self.scope,
            challenge: try PKCE.challenge(for: verifier),
            changes: changes)
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        // The user's pick, were there one, does not change the launch's patient.
        let location = try harness.auth.answer(id, approve: true, patient: "p0", patients: harness.patientIDs).get()
        let code = try SMARTHarness.queryItem("code", of: location)
        let answer = try harness.exchange(
            code, verifier: verifier, client: "ward-app", redirect: Self.wardRedirect, basic: Self.ward
        ).get()
        #expect(answer["patient"] == "p2")
        let token = try #require(answer["access_token"]?.stringValue)
        #expect(await harness.request("GET", "Patient/p2", token: token).status == 200)
        #expect(await harness.request("GET", "Patient/p0", token: token).status == 404)
    }

    @Test func aLaunchWorksOnceForItsOwnAppWithinFiveMinutes() async throws {
        let harness = try await SMARTHarness.make()
        let launch = try Self.launch(harness)
        #expect(Self.refusal(harness, launch: launch) == nil)
        #expect(Self.refusal(harness, launch: launch) == "launch is not one this server made, or was used already")
        #expect(Self.refusal(harness, launch: "made-up") == "launch is not one this server made, or was used already")
        let late = try Self.launch(harness)
        harness.clock.advance(301)
        #expect(Self.refusal(harness, launch: late) == "the launch expired: it lasts 300 s")
    }

    @Test func aLaunchForAnotherAppIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let auth = AuthorizationServer(
            clients: [
                SMARTHarness.confidential,
                SMARTClient(
                    id: "other", redirectURIs: [], scopes: SMARTScopes.parse("launch").scopes,
                    launchURI: "https://other.example/launch"),
            ], clock: harness.clock)
        let location = try auth.launch(
            [(name: "client_id", value: "other"), (name: "patient", value: "p1")], audience: SMARTHarness.audience
        ).get()
        let launch = try SMARTHarness.queryItem("launch", of: location)
        let changes: [String: String?] = ["launch": launch]
        let query = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: Self.wardRedirect, scope: Self.scope,
            challenge: try PKCE.challenge(for: PKCE.makeVerifier()), changes: changes)
        guard case .failure(.redirect(let back)) = auth.authorize(query, audience: SMARTHarness.audience) else {
            Issue.record("the launch of another app was taken")
            return
        }
        #expect(try SMARTHarness.queryItem("error_description", of: back) == "the launch was made for another app")
    }

    @Test func theScopeLaunchAndTheLaunchParameterComeTogether() async throws {
        let harness = try await SMARTHarness.make()
        #expect(
            Self.refusal(harness, launch: nil)
                == "the scope launch is for an EHR launch, and the launch parameter is missing")
        #expect(
            Self.refusal(harness, launch: try Self.launch(harness), scope: "patient/*.rs")
                == "an EHR launch asks for the scope launch")
    }

    @Test(arguments: [
        ("ward-app", "", "patient is required: the id of the patient the EHR has open"),
        ("obs-viewer", "p1", "obs-viewer has no launch_uri registered: an EHR launch opens the app there"),
        ("nobody", "p1", "unknown client_id 'nobody': register the app first"),
    ])
    func theServerLaunchesOnlyARegisteredAppForOneOfItsPatients(client: String, patient: String, refusal: String)
        async throws
    {
        let harness = try await SMARTHarness.make()
        let result = harness.auth.launch(
            [(name: "client_id", value: client), (name: "patient", value: patient)], audience: SMARTHarness.audience)
        #expect(result == .failure(.page(refusal)))
    }

    /// Whoever asks for a launch does not learn which patients exist: a launch for one that does
    /// not is made, and its approval refused.
    @Test func aLaunchForAPatientNotHereIsRefusedAtTheApproval() async throws {
        let harness = try await SMARTHarness.make()
        let launch = try Self.launch(harness, patient: "p9")
        let query = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: Self.wardRedirect, scope: Self.scope,
            challenge: try PKCE.challenge(for: PKCE.makeVerifier()), changes: ["launch": launch])
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        let answer = harness.auth.answer(id, approve: true, patient: nil, patients: harness.patientIDs)
        #expect(answer == .failure(.page("the EHR launch's patient 'p9' is not one of this server's")))
    }
}
