import FHIRModel
import Foundation

/// A backend service's proof of who it is at the token endpoint (SMART Backend Services,
/// RFC 7523): a JWT it signed with its private key, about itself, for this token endpoint, good
/// for at most five minutes and used once.
public enum ClientAssertion {
    /// The `client_assertion_type` that says `client_assertion` is such a JWT.
    public static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// The longest an assertion may be good for (SMART: exp no more than five minutes ahead).
    public static let longest: TimeInterval = 300
    /// How far the client's clock may be ahead for `nbf` and `iat`.
    public static let skew: TimeInterval = 60

    /// What a checked assertion tells: the client, and the `jti` to remember until `expires`.
    public struct Checked: Sendable, Equatable {
        public let clientID: String
        public let jti: String
        public let expires: Date
    }

    /// Makes an assertion for `clientID` at `tokenURL`, good for `lifetime` seconds.
    public static func make(
        clientID: String, tokenURL: String, key: SigningKey, now: Date, lifetime: TimeInterval = longest
    ) -> String? {
        let claims: JSONValue = [
            "iss": .string(clientID), "sub": .string(clientID), "aud": .string(tokenURL),
            "exp": .number(String(Int(now.timeIntervalSince1970 + lifetime))),
            "jti": .string(Base64URL.random(bytes: 18)),
        ]
        return JWT.signed(claims, by: key)
    }

    /// The client an assertion names (`iss`, equal to `sub`), read before its keys are looked up.
    public static func issuer(of text: String) -> Result<(jwt: JWT, clientID: String), OAuthError> {
        guard let jwt = JWT(compact: text) else {
            return .failure(OAuthError("invalid_client", "client_assertion is not a signed JWT"))
        }
        guard let issuer = jwt.claims["iss"]?.stringValue, jwt.claims["sub"]?.stringValue == issuer else {
            return .failure(OAuthError("invalid_client", "the assertion's iss and sub must both be the client_id"))
        }
        return .success((jwt, issuer))
    }

    /// Checks every rule but the `jti`'s single use, which only the server can know.
    public static func check(_ jwt: JWT, clientID: String, keys: [JWK], tokenURL: String, now: Date)
        -> Result<Checked, OAuthError>
    {
        func refuse(_ why: String) -> Result<Checked, OAuthError> { .failure(OAuthError("invalid_client", why)) }
        // RFC 7515 §4.1.11: an extension the recipient must understand, and this one knows none.
        if let critical = jwt.header["crit"] {
            let names = critical.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? "?"
            return refuse("the assertion's header asks to understand extensions (crit: \(names)) this server does not")
        }
        let algorithm = jwt.header["alg"]?.stringValue ?? ""
        guard ["RS384", "ES384"].contains(algorithm) else {
            return refuse("alg must be RS384 or ES384, not '\(algorithm)'")
        }
        guard !keys.isEmpty else {
            return refuse("\(clientID) has no registered key (jwks) to check an assertion with")
        }
        guard let kid = jwt.header["kid"]?.stringValue else {
            return refuse("the assertion's header must name its key (kid)")
        }
        guard let key = keys.first(where: { $0.kid == kid }) else {
            return refuse("no key of \(clientID) has kid '\(kid)'")
        }
        guard jwt.isSigned(by: key) else {
            return refuse("the signature does not verify with key '\(kid)' (\(key.algorithm))")
        }
        guard audiences(jwt.claims["aud"]).contains(tokenURL) else {
            return refuse("aud must be the token endpoint, \(tokenURL)")
        }
        guard let exp = jwt.claims["exp"].flatMap(seconds) else { return refuse("the assertion needs exp, in seconds") }
        let expires = Date(timeIntervalSince1970: exp)
        guard expires > now else { return refuse("the assertion expired") }
        guard expires.timeIntervalSince(now) <= longest else {
            return refuse("exp may be at most \(Int(longest)) s ahead")
        }
        // RFC 7519 §4.1.5–6: not before its nbf, not issued in the future (a minute of skew).
        for (claim, meaning) in [("nbf", "is not valid yet (nbf)"), ("iat", "was issued in the future (iat)")] {
            guard let value = jwt.claims[claim] else { continue }
            guard let time = seconds(value) else {
                return refuse("the assertion's \(claim) must be a number of seconds")
            }
            guard time <= now.timeIntervalSince1970 + skew else { return refuse("the assertion \(meaning)") }
        }
        guard let jti = jwt.claims["jti"]?.stringValue, !jti.isEmpty else { return refuse("the assertion needs a jti") }
        return .success(Checked(clientID: clientID, jti: jti, expires: expires))
    }

    private static func audiences(_ value: JSONValue?) -> [String] {
        if let one = value?.stringValue { return [one] }
        return value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private static func seconds(_ value: JSONValue) -> TimeInterval? {
        guard case .number(let text) = value else { return nil }
        return TimeInterval(text)
    }
}
