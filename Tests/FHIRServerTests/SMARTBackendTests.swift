import FHIRModel
import FHIRServer
import Foundation
import SMART
import TestSupport
import Testing

/// Backend services (`client_credentials` with a signed JWT), one rule a test: the assertion is
/// the client's, signed by a key it registered, for this token endpoint, good for at most five
/// minutes and used once; the grant is of `system/` scopes within the client's.
@Suite("SMART backend services")
struct SMARTBackendTests {
    static func refusal(_ result: Result<JSONValue, OAuthError>) -> String? {
        if case .failure(let error) = result { return "\(error.code): \(error.description)" }
        return nil
    }

    /// An assertion of `lab-feed` with these claims over the usual ones, signed by `pem`.
    static func assertion(
        _ harness: SMARTHarness, pem: String = TestKeys.rsa, kid: String? = nil, claims: [String: JSONValue] = [:],
        without: [String] = []
    ) throws -> String {
        let key = try SigningKey(pem: pem, kid: kid)
        let made = try #require(
            ClientAssertion.make(
                clientID: "lab-feed", tokenURL: SMARTHarness.tokenURL, key: key, now: harness.clock.now()))
        var fields = try #require(JWT(compact: made)?.claims.objectValue).members.map { ($0.0, $0.1) }
        fields.removeAll { without.contains($0.0) || claims[$0.0] != nil }
        fields += claims.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try #require(JWT.signed(.object(JSONObject(fields)), by: key))
    }

    @Test(arguments: [TestKeys.rsa, TestKeys.ec])
    func anAssertionByTheRulesGivesASystemToken(pem: String) async throws {
        let harness = try await SMARTHarness.make()
        let answer = try harness.backendToken(assertion: Self.assertion(harness, pem: pem)).get()
        #expect(answer["scope"] == "system/*.rs")
        #expect(answer["refresh_token"] == nil && answer["patient"] == nil)
        let token = try #require(answer["access_token"]?.stringValue)
        let grant = try #require(harness.auth.grant(for: token))
        #expect(grant.clientID == "lab-feed" && grant.patient == nil)
        // A system scope reaches every patient's records.
        let found = await harness.request("GET", "Observation?_count=500", token: token)
        let subjects = Set(
            found.json?["entry"]?.arrayValue?.compactMap { $0["resource"]?["subject"]?["reference"]?.stringValue } ?? []
        )
        #expect(subjects == Set(harness.patientIDs.map { "Patient/\($0)" }))
        let written = await harness.request("POST", "Patient", token: token, body: #"{"resourceType":"Patient"}"#)
        #expect(written.status == 403)
    }

    /// A client whose clock is up to a minute ahead is not refused for it.
    @Test func nbfAndIatWithinAMinutesSkewAreTaken() async throws {
        let harness = try await SMARTHarness.make()
        let assertion = try Self.assertion(harness, claims: ["nbf": 1_471_334_460, "iat": 1_471_334_460])
        #expect(Self.refusal(try harness.backendToken(assertion: assertion)) == nil)
    }

    @Test func anAssertionWorksOnce() async throws {
        let harness = try await SMARTHarness.make()
        let assertion = try Self.assertion(harness)
        _ = try harness.backendToken(assertion: assertion).get()
        #expect(
            Self.refusal(try harness.backendToken(assertion: assertion))
                == "invalid_client: the assertion was used already (its jti)")
    }

    @Test(
        arguments: [
            (
                ["aud": "http://127.0.0.1/fhir"], [],
                "invalid_client: aud must be the token endpoint, http://127.0.0.1/auth/token"
            ),
            (["exp": 1_471_335_001], [], "invalid_client: exp may be at most 300 s ahead"),
            (["exp": 1_471_334_400], [], "invalid_client: the assertion expired"),
            (["exp": "soon"], [], "invalid_client: the assertion needs exp, in seconds"),
            ([:], ["exp"], "invalid_client: the assertion needs exp, in seconds"),
            ([:], ["jti"], "invalid_client: the assertion needs a jti"),
            (["nbf": 1_471_334_461], [], "invalid_client: the assertion is not valid yet (nbf)"),
            (["iat": 1_471_334_461], [], "invalid_client: the assertion was issued in the future (iat)"),
            (["nbf": "now"], [], "invalid_client: the assertion's nbf must be a number of seconds"),
            (["iat": "now"], [], "invalid_client: the assertion's iat must be a number of seconds"),
            (["sub": "someone"], [], "invalid_client: the assertion's iss and sub must both be the client_id"),
            (["iss": "nobody", "sub": "nobody"], [], "invalid_client: unknown client 'nobody' (the assertion's iss)"),
            (
                ["iss": "ward-app", "sub": "ward-app"], [],
                "invalid_client: ward-app has no registered key (jwks) to check an assertion with"
            ),
        ] as [([String: JSONValue], [String], String)])
    func aClaimOutsideTheRulesIsRefused(claims: [String: JSONValue], without: [String], refusal: String) async throws {
        let harness = try await SMARTHarness.make()
        let assertion = try Self.assertion(harness, claims: claims, without: without)
        #expect(Self.refusal(try harness.backendToken(assertion: assertion)) == refusal)
    }

    @Test func aKeyTheClientDidNotRegisterIsRefused() async throws {
        let harness = try await SMARTHarness.make()
        let registered = try SigningKey(pem: TestKeys.rsa).publicKey.kid
        let unknown = try Self.assertion(harness, pem: TestKeys.otherRSA)
        let kid = try SigningKey(pem: TestKeys.otherRSA).publicKey.kid
        #expect(
            Self.refusal(try harness.backendToken(assertion: unknown))
                == "invalid_client: no key of lab-feed has kid '\(kid)'")
        let forged = try Self.assertion(harness, pem: TestKeys.otherRSA, kid: registered)
        #expect(
            Self.refusal(try harness.backendToken(assertion: forged))
                == "invalid_client: the signature does not verify with key '\(registered)' (RS384)")
    }

    @Test(
        arguments: [
            (["alg": "none", "kid": "k"], "invalid_client: alg must be RS384 or ES384, not 'none'"),
            (["alg": "HS384", "kid": "k"], "invalid_client: alg must be RS384 or ES384, not 'HS384'"),
            (["alg": "RS384"], "invalid_client: the assertion's header must name its key (kid)"),
            (
                ["alg": "RS384", "kid": "k", "crit": ["exp"]],
                "invalid_client: the assertion's header asks to understand extensions (crit: exp) this server does not"
            ),
        ] as [(JSONValue, String)])
    func aHeaderOutsideTheRulesIsRefused(header: JSONValue, refusal: String) async throws {
        let harness = try await SMARTHarness.make()
        let signed = try Self.assertion(harness).split(separator: ".").map(String.init)
        let changed = [Base64URL.encode(header.compactBytes), signed[1], signed[2]].joined(separator: ".")
        #expect(Self.refusal(try harness.backendToken(assertion: changed)) == refusal)
        #expect(
            Self.refusal(try harness.backendToken(assertion: "not-a-jwt"))
                == "invalid_client: client_assertion is not a signed JWT")
    }

    @Test func theClientAuthenticatesOneWayAndAsItself() async throws {
        let harness = try await SMARTHarness.make()
        let wrongType = try harness.backendToken(extra: [("client_assertion_type", "jwt")])
        #expect(Self.refusal(wrongType) == "invalid_client: client_assertion_type must be \(ClientAssertion.type)")
        let twoWays = try harness.backendToken(basic: ("ward-app", "s3cret-of-the-ward"))
        #expect(Self.refusal(twoWays) == "invalid_request: authenticate one way: an assertion or HTTP Basic")
        let otherID = try harness.backendToken(extra: [("client_id", "ward-app")])
        #expect(Self.refusal(otherID) == "invalid_client: client_id is not the assertion's iss")
        let byIDAlone = harness.auth.token(
            [(name: "grant_type", value: "client_credentials"), (name: "client_id", value: "lab-feed")], basic: nil,
            tokenURL: SMARTHarness.tokenURL)
        #expect(
            Self.refusal(byIDAlone)
                == "invalid_client: lab-feed is a confidential client: authenticate with an assertion signed with its key"
        )
        let publicClient = harness.auth.token(
            [(name: "grant_type", value: "client_credentials"), (name: "client_id", value: "medbrain")], basic: nil,
            tokenURL: SMARTHarness.tokenURL)
        #expect(
            Self.refusal(publicClient)
                == "unauthorized_client: client_credentials is for a confidential client, not medbrain")
    }

    @Test(
        arguments: [
            (nil, "invalid_scope: scope is required (system/ scopes, like system/*.rs)"),
            ("patient/*.rs", "invalid_scope: client_credentials grants system/ scopes only, not patient/*.rs"),
            (
                "system/*.rs offline_access",
                "invalid_scope: client_credentials grants system/ scopes only, not offline_access"
            ),
            ("system/Patient.cruds", "invalid_scope: outside what lab-feed may be granted: system/Patient.cruds"),
        ] as [(String?, String)])
    func onlySystemScopesWithinTheClientsAreGranted(scope: String?, refusal: String) async throws {
        let harness = try await SMARTHarness.make()
        #expect(Self.refusal(try harness.backendToken(scope: scope)) == refusal)
    }
}
