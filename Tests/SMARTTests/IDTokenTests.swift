import FHIRModel
import Foundation
import SMART
import TestSupport
import Testing

/// An app believes an `id_token` only when each check passes, one test a check.
@Suite("id_token checks")
struct IDTokenTests {
    static let issuer = "http://127.0.0.1:8080/fhir"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func token(_ changes: [String: JSONValue] = [:], pem: String = TestKeys.rsa) throws -> String {
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "sub": "f001", "aud": "medbrain", "exp": 1_800_000_300,
            "fhirUser": .string(issuer + "/Patient/f001"),
        ]
        claims.merge(changes) { $1 }
        let json = JSONValue.object(JSONObject(claims.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        return try #require(JWT.signed(json, by: try SigningKey(pem: pem), algorithm: "RS256"))
    }

    static func check(_ text: String) throws -> String? {
        let keys = [try SigningKey(pem: TestKeys.rsa).publicKey, try SigningKey(pem: TestKeys.ec).publicKey]
        switch IDToken.check(text, keys: keys, issuer: issuer, clientID: "medbrain", now: now) {
        case .success: return nil
        case .failure(let error): return error.description
        }
    }

    @Test func aTokenThatPassesEveryCheckIsBelieved() throws {
        let keys = [try SigningKey(pem: TestKeys.rsa).publicKey]
        let claims = try IDToken.check(
            try Self.token(), keys: keys, issuer: Self.issuer, clientID: "medbrain", now: Self.now
        )
        .get()
        #expect(claims["fhirUser"] == .string(Self.issuer + "/Patient/f001"))
        #expect(try Self.check(try Self.token(["aud": ["other", "medbrain"]])) == nil)
    }

    @Test(
        arguments: [
            (
                ["iss": "http://elsewhere/fhir"],
                "the id_token was issued by http://elsewhere/fhir, not http://127.0.0.1:8080/fhir"
            ),
            (["aud": "another-app"], "the id_token is not for medbrain"),
            (["exp": 1_800_000_000], "the id_token expired"),
            (["exp": "tomorrow"], "the id_token expired"),
        ] as [([String: JSONValue], String)])
    func aClaimThatFailsItsCheckIsRefused(changes: [String: JSONValue], refusal: String) throws {
        #expect(try Self.check(try Self.token(changes)) == refusal)
    }

    @Test func aTokenNotSignedByTheServersKeysIsRefused() throws {
        #expect(
            try Self.check(try Self.token(pem: TestKeys.otherRSA))
                == "the id_token's signature does not verify with the server's keys (jwks_uri)")
        #expect(try Self.check("a.b.c") == "the id_token is not a signed JWT")
    }
}
