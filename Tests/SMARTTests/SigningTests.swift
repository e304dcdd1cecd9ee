import FHIRModel
import Foundation
import SMART
import TestSupport
import Testing

/// RS384 and ES384 through the system's libcrypto: a key read from PEM signs, its public half as
/// a JWK checks, and any other key, algorithm or change of a byte does not.
@Suite("JWT signatures")
struct SigningTests {
    static let claims: JSONValue = ["iss": "svc", "sub": "svc", "exp": 1_471_334_700]

    @Test(arguments: [(TestKeys.rsa, "RS384"), (TestKeys.ec, "ES384")])
    func aKeySignsAndItsPublicHalfChecks(pem: String, algorithm: String) throws {
        let key = try SigningKey(pem: pem)
        let text = try #require(JWT.signed(Self.claims, by: key))
        let jwt = try #require(JWT(compact: text))
        #expect(jwt.header["alg"]?.stringValue == algorithm)
        #expect(jwt.header["kid"]?.stringValue == key.publicKey.kid)
        #expect(jwt.claims == Self.claims)
        #expect(jwt.isSigned(by: key.publicKey))
        let registered = try #require(JWK(json: key.publicKey.json))
        #expect(registered == key.publicKey)
        #expect(jwt.isSigned(by: registered))
    }

    @Test func anotherKeyDoesNotCheck() throws {
        let text = try #require(JWT.signed(Self.claims, by: try SigningKey(pem: TestKeys.otherRSA)))
        let jwt = try #require(JWT(compact: text))
        #expect(!jwt.isSigned(by: try SigningKey(pem: TestKeys.rsa).publicKey))
        #expect(!jwt.isSigned(by: try SigningKey(pem: TestKeys.ec).publicKey))
    }

    @Test(arguments: [TestKeys.rsa, TestKeys.ec])
    func aChangedClaimDoesNotCheck(pem: String) throws {
        let key = try SigningKey(pem: pem)
        let parts = try #require(JWT.signed(Self.claims, by: key)).split(separator: ".").map(String.init)
        let changed: JSONValue = ["iss": "svc", "sub": "svc", "exp": 1_471_334_701]
        let forged = [parts[0], Base64URL.encode(changed.compactBytes), parts[2]].joined(separator: ".")
        #expect(try #require(JWT(compact: forged)).isSigned(by: key.publicKey) == false)
    }

    /// The header's alg must be the key's: an ES384 key does not check an RS384-labelled
    /// signature, nor `none`.
    @Test func theHeaderMustNameTheKeysAlgorithm() throws {
        let key = try SigningKey(pem: TestKeys.ec)
        let parts = try #require(JWT.signed(Self.claims, by: key)).split(separator: ".").map(String.init)
        for alg in ["RS384", "none", "HS384"] {
            let header: JSONValue = ["alg": .string(alg), "kid": .string(key.publicKey.kid)]
            let relabelled = [Base64URL.encode(header.compactBytes), parts[1], parts[2]].joined(separator: ".")
            #expect(try #require(JWT(compact: relabelled)).isSigned(by: key.publicKey) == false, "\(alg)")
        }
    }

    @Test func bothFormsOfAnRSAKeyAreTheSameKey() throws {
        #expect(try SigningKey(pem: TestKeys.rsaTraditional).publicKey == SigningKey(pem: TestKeys.rsa).publicKey)
    }

    /// RFC 7638's own example: the thumbprint of its RSA key.
    @Test func theKidIsTheRFC7638Thumbprint() throws {
        let n =
            "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"
        let key = try #require(JWK(json: ["kty": "RSA", "n": .string(n), "e": "AQAB"]))
        #expect(key.kid == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test(arguments: [
        (TestKeys.p256, "the key must be RSA (for RS384) or EC on the P-384 curve (for ES384)"),
        (TestKeys.ed25519, "not a private key in PEM that can be read (PKCS#8 or traditional, not encrypted)"),
        (TestKeys.encrypted, "not a private key in PEM that can be read (PKCS#8 or traditional, not encrypted)"),
        ("hello", "not a private key in PEM that can be read (PKCS#8 or traditional, not encrypted)"),
    ])
    func keysSMARTDoesNotSignWithAreRefused(pem: String, problem: String) {
        #expect(throws: SigningKey.Problem(description: problem)) { try SigningKey(pem: pem) }
    }

    @Test(arguments: [
        "", "a.b", "a.b.c.d", "e30.e30", "!!.e30.AA",
        "\(Base64URL.encode(Array("[]".utf8))).e30.AA",
    ])
    func whatIsNotACompactJWTIsNotRead(text: String) {
        #expect(JWT(compact: text) == nil)
    }

    @Test(arguments: [
        ["kty": "RSA", "e": "AQAB"] as JSONValue,
        ["kty": "EC", "crv": "P-256", "x": "AA", "y": "AA"],
        ["kty": "EC", "crv": "P-384", "x": "AA", "y": "AA"],
        ["kty": "oct", "k": "AA"],
    ])
    func aJWKThatIsNoRSAOrP384PublicKeyIsRefused(json: JSONValue) {
        #expect(JWK(json: json) == nil)
    }
}

/// The built-in server's own key: made by libcrypto, it signs RS256 (an `id_token`) as well as
/// RS384, and each algorithm checks only as itself.
@Suite("A server's own key")
struct ServerKeyTests {
    @Test func aNewRSAKeySignsRS256AndTheAlgorithmsDoNotMix() throws {
        let key = try SigningKey.newRSA()
        let claims: JSONValue = ["sub": "f001"]
        let signed = try #require(JWT.signed(claims, by: key, algorithm: "RS256"))
        let rs256 = try #require(JWT(compact: signed))
        #expect(rs256.header["alg"] == "RS256" && rs256.isSigned(by: key.publicKey))
        let parts = signed.split(separator: ".").map(String.init)
        let relabelled: JSONValue = ["alg": "RS384", "kid": .string(key.publicKey.kid)]
        let forged = [Base64URL.encode(relabelled.compactBytes), parts[1], parts[2]].joined(separator: ".")
        #expect(try #require(JWT(compact: forged)).isSigned(by: key.publicKey) == false)
        #expect(try SigningKey.newRSA().publicKey != key.publicKey)
    }

    @Test func anECKeyDoesNotSignRS256() throws {
        #expect(JWT.signed(["sub": "x"], by: try SigningKey(pem: TestKeys.ec), algorithm: "RS256") == nil)
    }
}
