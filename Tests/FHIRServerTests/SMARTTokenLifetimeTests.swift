import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// Everything the authorization server issues or keeps has an end: refresh tokens rotate,
/// expire, and a copied one ends its grant; revocation takes what a token minted; waiting
/// requests expire and are capped; only a client that proves itself introspects or revokes, and
/// only its own tokens.
@Suite("SMART token lifetimes")
struct SMARTTokenLifetimeTests {
    static let offline = "launch/patient patient/*.rs offline_access"

    /// The token endpoint's answer to a refresh with `token`, by the REPL's client.
    static func refresh(_ harness: SMARTHarness, _ token: String) -> Result<JSONValue, OAuthError> {
        harness.auth.token(
            [("grant_type", "refresh_token"), ("refresh_token", token), ("client_id", "medbrain")], basic: nil,
            tokenURL: SMARTHarness.tokenURL)
    }

    /// A code exchanged for `scope`: the access and refresh tokens.
    static func login(_ harness: SMARTHarness, scope: String = offline) throws -> (access: String, refresh: String) {
        let (code, verifier) = try harness.code(scope: scope)
        let answer = try harness.exchange(code, verifier: verifier).get()
        return (
            try #require(answer["access_token"]?.stringValue), try #require(answer["refresh_token"]?.stringValue)
        )
    }

    @Test func aRefreshRotatesAndTheOldOneComingAgainEndsTheGrant() async throws {
        let harness = try await SMARTHarness.make()
        let first = try Self.login(harness)
        let renewed = try Self.refresh(harness, first.refresh).get()
        let next = try #require(renewed["refresh_token"]?.stringValue)
        let access = try #require(renewed["access_token"]?.stringValue)
        #expect(next != first.refresh)
        #expect(harness.auth.grant(for: first.access) != nil && harness.auth.grant(for: access) != nil)
        // Someone kept a copy of the first: both the thief's and the owner's tokens end.
        let replayed = Self.refresh(harness, first.refresh)
        #expect(SMARTTokenTests.refused(replayed)?.code == "invalid_grant")
        #expect(SMARTTokenTests.refused(replayed)?.description.contains("used already") == true)
        #expect(harness.auth.grant(for: first.access) == nil && harness.auth.grant(for: access) == nil)
        #expect(SMARTTokenTests.refused(Self.refresh(harness, next))?.code == "invalid_grant")
    }

    @Test(arguments: [
        ("launch/patient patient/*.rs offline_access", AuthorizationServer.offlineLifetime),
        ("launch/patient patient/*.rs online_access", AuthorizationServer.onlineLifetime),
    ])
    func refreshTokensEndWithTheirGrant(scope: String, lifetime: TimeInterval) async throws {
        let harness = try await SMARTHarness.make()
        var refresh = try Self.login(harness, scope: scope).refresh
        // Rotation does not lengthen the grant.
        harness.clock.advance(lifetime - 10)
        refresh = try #require(try Self.refresh(harness, refresh).get()["refresh_token"]?.stringValue)
        harness.clock.advance(20)
        let late = Self.refresh(harness, refresh)
        #expect(SMARTTokenTests.refused(late)?.description == "the refresh token expired: log in again")
    }

    @Test func aNarrowerRefreshUsesUpTheOldToken() async throws {
        let harness = try await SMARTHarness.make()
        let first = try Self.login(harness)
        let narrower = try harness.auth.token(
            [
                ("grant_type", "refresh_token"), ("refresh_token", first.refresh), ("client_id", "medbrain"),
                ("scope", "launch/patient patient/Observation.rs"),
            ], basic: nil, tokenURL: SMARTHarness.tokenURL
        ).get()
        #expect(narrower["refresh_token"] == nil)
        #expect(SMARTTokenTests.refused(Self.refresh(harness, first.refresh))?.code == "invalid_grant")
    }

    @Test func revokingARefreshTokenEndsTheAccessTokensItMinted() async throws {
        let harness = try await SMARTHarness.make()
        let first = try Self.login(harness)
        let renewed = try Self.refresh(harness, first.refresh).get()
        let access = try #require(renewed["access_token"]?.stringValue)
        let next = try #require(renewed["refresh_token"]?.stringValue)
        harness.auth.revoke(next)
        #expect(harness.auth.grant(for: first.access) == nil && harness.auth.grant(for: access) == nil)
        // Revoking an access token ends it alone.
        let other = try Self.login(harness)
        harness.auth.revoke(other.access)
        #expect(harness.auth.grant(for: other.access) == nil)
        #expect(SMARTTokenTests.refused(Self.refresh(harness, other.refresh)) == nil)
    }

    @Test func aRequestWaitsTenMinutesForTheUser() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.offline, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        harness.clock.advance(AuthorizationServer.pendingLifetime + 1)
        let late = harness.auth.answer(id, approve: true, patient: "p0", patients: harness.patientIDs)
        guard case .failure(.page(let message)) = late else {
            Issue.record("an expired request was answered: \(late)")
            return
        }
        #expect(message.contains("expired"))
    }

    /// 3,000 requests nobody answers keep no more than the cap: the oldest are pushed out, and
    /// the newest, the user's own, still waits.
    @Test func waitingRequestsAreCapped() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.offline, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        var ids: [String] = []
        for _ in 0..<3_000 {
            harness.clock.advance(0.1)
            ids.append(try harness.auth.authorize(query, audience: SMARTHarness.audience).get())
        }
        let answer = { (id: String) in
            harness.auth.answer(id, approve: false, patient: nil, patients: harness.patientIDs)
        }
        let kept = ids.filter { if case .success = answer($0) { true } else { false } }
        #expect(kept == Array(ids.suffix(AuthorizationServer.maximumWaiting)))
    }

    @Test func aLaunchIsNotUsedUpByAnotherApp() async throws {
        let harness = try await SMARTHarness.make()
        let opened = try harness.auth.launch(
            [("client_id", "ward-app"), ("patient", "p1")], audience: SMARTHarness.audience
        ).get()
        let launch = try SMARTHarness.queryItem("launch", of: opened)
        let challenge = try PKCE.challenge(for: PKCE.makeVerifier())
        let stolen = SMARTHarness.authorizeQuery(
            scope: "launch patient/*.rs", challenge: challenge, changes: ["launch": launch])
        #expect((try? harness.auth.authorize(stolen, audience: SMARTHarness.audience).get()) == nil)
        let own = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: "https://ward.example/callback", scope: "launch patient/*.rs",
            challenge: challenge, changes: ["launch": launch])
        #expect((try? harness.auth.authorize(own, audience: SMARTHarness.audience).get()) != nil)
    }

    /// `POST /auth/<endpoint>` with `form` and HTTP Basic `basic`.
    static func post(
        _ harness: SMARTHarness, _ endpoint: String, _ form: String, basic: (String, String)? = nil
    ) async -> FHIRResponse {
        var headers = ["content-type": "application/x-www-form-urlencoded"]
        if let (id, secret) = basic {
            headers["authorization"] = "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
        }
        return await harness.auth.respond(
            FHIRRequest(method: "POST", components: [endpoint], headers: headers, body: Array(form.utf8)),
            origin: SMARTHarness.origin, audience: SMARTHarness.audience
        ) { [] }
    }

    @Test func introspectionAndRevocationAskTheClientToProveItself() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: "launch/patient openid fhirUser patient/*.rs")
        let token = try #require(try harness.exchange(code, verifier: verifier).get()["access_token"]?.stringValue)
        for endpoint in ["introspect", "revoke"] {
            let anonymous = await Self.post(harness, endpoint, "token=\(token)")
            #expect(anonymous.status == 401 && anonymous.json?["error"] == "invalid_client", "\(endpoint)")
            let wrongSecret = await Self.post(harness, endpoint, "token=\(token)", basic: ("ward-app", "guess"))
            #expect(wrongSecret.status == 401 && wrongSecret.header("WWW-Authenticate") == "Basic realm=\"Medbrain\"")
        }
        let other = await Self.post(harness, "introspect", "token=\(token)&client_id=obs-viewer")
        #expect(other.json == ["active": false])
        let own = await Self.post(harness, "introspect", "token=\(token)&client_id=medbrain")
        #expect(own.json?["active"] == true && own.json?["sub"] == "p0")
        #expect(own.json?["iss"] == .string(SMARTHarness.audience))
        #expect(own.json?["fhirUser"] == .string("\(SMARTHarness.audience)/Patient/p0"))
        let foreignRevoke = await Self.post(
            harness, "revoke", "token=\(token)", basic: ("ward-app", "s3cret-of-the-ward"))
        #expect(foreignRevoke.status == 400)
        #expect(harness.auth.grant(for: token) != nil)
        let revoked = await Self.post(harness, "revoke", "token=\(token)&client_id=medbrain")
        #expect(revoked.status == 200 && harness.auth.grant(for: token) == nil)
    }

    /// RFC 6750 §3.1: a good token whose scopes do not allow the request hears why in the header.
    @Test func aRefusalForScopeSaysInsufficientScope() async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token(scope: "launch/patient patient/Observation.rs")
        let refused = await harness.request("GET", "MedicationRequest", token: token)
        #expect(refused.status == 403)
        #expect(refused.header("WWW-Authenticate") == #"Bearer realm="Medbrain", error="insufficient_scope""#)
        let missing = await harness.request("GET", "Observation", token: nil)
        #expect(missing.status == 401 && missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
    }
}
