import FHIRModel
import FHIRServer
import SMART
import Testing

/// The token endpoint's rules, one test each: a code is exchanged once, within its minute, by
/// its own client, on its own redirect URI, with the verifier of its challenge; a refresh
/// token by its own client, never for more.
@Suite("SMART token endpoint")
struct SMARTTokenTests {
    static let scope = "launch/patient patient/*.rs offline_access"

    static func refused(_ result: Result<JSONValue, OAuthError>) -> OAuthError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func aCodeExchangedByTheRulesGivesTokensForThePatient() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: Self.scope, patient: "p1")
        let answer = try harness.exchange(code, verifier: verifier).get()
        #expect(answer["token_type"] == "Bearer")
        #expect(answer["patient"] == "p1")
        #expect(answer["scope"] == .string(Self.scope))
        #expect(answer["expires_in"] == .number("3600"))
        #expect(answer["refresh_token"]?.stringValue != nil)
        let grant = try #require(harness.auth.grant(for: answer["access_token"]?.stringValue ?? ""))
        #expect(grant.patient == "p1" && grant.clientID == "medbrain")
    }

    @Test func withoutTheVerifierTheCodeIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let (code, _) = try harness.code(scope: Self.scope)
        let error = Self.refused(harness.exchange(code, verifier: nil))
        #expect(error == OAuthError(code: "invalid_request", description: "code_verifier is required (PKCE)"))
    }

    @Test func aWrongVerifierIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let (code, _) = try harness.code(scope: Self.scope)
        let error = Self.refused(harness.exchange(code, verifier: PKCE.makeVerifier()))
        #expect(error?.description == "code_verifier does not match the code_challenge")
    }

    /// A second exchange fails, and the tokens of the first are revoked (RFC 6749 §4.1.2).
    @Test func aCodeUsedTwiceIsRefusedAndItsTokensRevoked() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: Self.scope)
        let first = try harness.exchange(code, verifier: verifier).get()
        let token = try #require(first["access_token"]?.stringValue)
        let refresh = try #require(first["refresh_token"]?.stringValue)
        #expect(harness.auth.grant(for: token) != nil)
        let error = Self.refused(harness.exchange(code, verifier: verifier))
        #expect(error?.description == "the code was used already; the tokens it gave are revoked")
        #expect(harness.auth.grant(for: token) == nil)
        let refreshed = harness.auth.token(
            [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "medbrain")], basic: nil,
            tokenURL: SMARTHarness.tokenURL)
        #expect(Self.refused(refreshed)?.code == "invalid_grant")
    }

    @Test func aCodeAfterSixtySecondsIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let (late, lateVerifier) = try harness.code(scope: Self.scope)
        harness.clock.advance(61)
        #expect(
            Self.refused(harness.exchange(late, verifier: lateVerifier))?.description
                == "the code expired: a code lasts 60 s")
        let (code, verifier) = try harness.code(scope: Self.scope)
        harness.clock.advance(59)
        #expect(Self.refused(harness.exchange(code, verifier: verifier)) == nil)
    }

    @Test func aRedirectURIOtherThanTheOneAskedWithIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: Self.scope)
        let error = Self.refused(harness.exchange(code, verifier: verifier, redirect: SMARTHarness.redirect + "x"))
        #expect(error?.description == "redirect_uri must be the one the code was asked with")
    }

    @Test func anotherClientsCodeIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(
            client: "obs-viewer", redirect: "http://127.0.0.1:7000/cb", scope: "launch/patient patient/Observation.rs")
        let error = Self.refused(
            harness.exchange(code, verifier: verifier, client: "medbrain", redirect: "http://127.0.0.1:7000/cb"))
        #expect(error?.description == "the code was issued to another client")
    }

    @Test func aConfidentialClientProvesItselfWithItsSecret() async throws {
        let harness = try await SMARTHarness.make()
        let redirect = "https://ward.example/callback"
        let (code, verifier) = try harness.code(client: "ward-app", redirect: redirect, scope: Self.scope)
        // Its id alone, as a public client would send it.
        #expect(
            Self.refused(harness.exchange(code, verifier: verifier, client: "ward-app", redirect: redirect))?.code
                == "invalid_client")
        let wrong = harness.exchange(
            code, verifier: verifier, redirect: redirect, basic: ("ward-app", "s3cret-of-the-ward!"))
        #expect(Self.refused(wrong)?.description == "the client id or secret is wrong")
        let right = harness.exchange(
            code, verifier: verifier, redirect: redirect, basic: ("ward-app", "s3cret-of-the-ward"))
        #expect(Self.refused(right) == nil)
    }

    @Test func aRefreshTokenGivesANewAccessTokenToItsClientOnly() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: Self.scope, patient: "p2")
        let refresh = try #require(try harness.exchange(code, verifier: verifier).get()["refresh_token"]?.stringValue)
        harness.clock.advance(4000)
        let renewed = try harness.auth.token(
            [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "medbrain")], basic: nil,
            tokenURL: SMARTHarness.tokenURL
        ).get()
        #expect(renewed["patient"] == "p2")
        #expect(harness.auth.grant(for: renewed["access_token"]?.stringValue ?? "") != nil)
        let stolen = harness.auth.token(
            [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "obs-viewer")], basic: nil,
            tokenURL: SMARTHarness.tokenURL)
        #expect(Self.refused(stolen)?.description == "the refresh token was issued to another client")
        let next = try #require(renewed["refresh_token"]?.stringValue)
        let wider = harness.auth.token(
            [
                ("grant_type", "refresh_token"), ("refresh_token", next), ("client_id", "medbrain"),
                ("scope", "patient/*.cruds"),
            ], basic: nil, tokenURL: SMARTHarness.tokenURL)
        #expect(Self.refused(wider)?.code == "invalid_scope")
    }

    @Test func withoutOfflineAccessThereIsNoRefreshToken() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: "launch/patient patient/*.rs")
        #expect(try harness.exchange(code, verifier: verifier).get()["refresh_token"] == nil)
    }

    @Test func introspectionSaysWhatATokenStandsForUntilItExpires() async throws {
        let harness = try await SMARTHarness.make()
        let token = try harness.token(scope: "launch/patient patient/Observation.rs", patient: "p1")
        let answer = harness.auth.introspect(token)
        #expect(
            answer["active"] == true && answer["patient"] == "p1"
                && answer["scope"] == "launch/patient patient/Observation.rs")
        harness.clock.advance(3601)
        #expect(harness.auth.introspect(token) == ["active": false])
        #expect(harness.auth.introspect("made-up") == ["active": false])
    }
}
