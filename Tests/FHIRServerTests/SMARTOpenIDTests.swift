import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

/// `openid fhirUser`: the token response's `id_token`, signed RS256 by the server's key that
/// `/auth/jwks` publishes, names the user (the patient picked) as SMART and OpenID Connect ask.
@Suite("SMART id_token")
struct SMARTOpenIDTests {
    static func published(_ harness: SMARTHarness) async throws -> JWK {
        let answer = await harness.auth.respond(
            FHIRRequest(method: "GET", components: ["jwks"]), origin: SMARTHarness.origin,
            audience: SMARTHarness.audience
        ) { [] }
        #expect(answer.status == 200)
        let keys = try #require(try JSONParser.parse(answer.body)["keys"]?.arrayValue)
        #expect(keys.count == 1 && keys[0]["alg"] == "RS256" && keys[0]["d"] == nil)
        return try #require(JWK(json: keys[0]))
    }

    @Test func openidFHIRUserGivesASignedIDTokenForThePatient() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(
            scope: "openid fhirUser launch/patient patient/*.rs", patient: "p1", changes: ["nonce": "n-0S6_WzA2Mj"])
        let answer = try harness.exchange(code, verifier: verifier).get()
        let text = try #require(answer["id_token"]?.stringValue)
        let token = try #require(JWT(compact: text))
        let key = try await Self.published(harness)
        #expect(token.header["alg"] == "RS256" && token.header["kid"] == .string(key.kid))
        #expect(token.isSigned(by: key))
        let claims = token.claims
        #expect(claims["iss"] == .string(SMARTHarness.audience))
        #expect(claims["sub"] == "p1" && claims["aud"] == "medbrain" && claims["nonce"] == "n-0S6_WzA2Mj")
        #expect(claims["fhirUser"] == .string("\(SMARTHarness.audience)/Patient/p1"))
        let now = Int(harness.clock.now().timeIntervalSince1970)
        #expect(claims["iat"] == .number(String(now)) && claims["exp"] == .number(String(now + 3600)))
    }

    @Test func withoutOpenidThereIsNoIDToken() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: "launch/patient patient/*.rs", patient: "p1")
        #expect(try harness.exchange(code, verifier: verifier).get()["id_token"] == nil)
    }

    @Test func openidWithoutFHIRUserNamesNoFHIRUser() async throws {
        let harness = try await SMARTHarness.make()
        let (code, verifier) = try harness.code(scope: "openid launch/patient patient/*.rs", patient: "p2")
        let answer = try harness.exchange(code, verifier: verifier).get()
        let text = try #require(answer["id_token"]?.stringValue)
        let token = try #require(JWT(compact: text))
        #expect(token.claims["sub"] == "p2" && token.claims["fhirUser"] == nil && token.claims["nonce"] == nil)
    }

    @Test func discoveryNamesTheIssuerAndTheKeys() async throws {
        let harness = try await SMARTHarness.make()
        let configuration = harness.auth.configuration(origin: SMARTHarness.origin)
        #expect(configuration["issuer"] == .string(SMARTHarness.audience))
        #expect(configuration["jwks_uri"] == "http://127.0.0.1/auth/jwks")
        #expect(configuration["id_token_signing_alg_values_supported"] == ["RS256"])
    }
}
