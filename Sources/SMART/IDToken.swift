import FHIRModel
import Foundation

/// The checks an app makes of an OpenID Connect `id_token` before it believes who the user is
/// (OpenID Connect Core §3.1.3.7): signed by a key of the server's JWKS, by the server that
/// issued it, for this app, not expired.
public enum IDToken {
    /// The claims of `text` when every check passes; else which one failed.
    public static func check(_ text: String, keys: [JWK], issuer: String, clientID: String, now: Date)
        -> Result<JSONValue, OAuthError>
    {
        func refuse(_ why: String) -> Result<JSONValue, OAuthError> { .failure(OAuthError("invalid_id_token", why)) }
        guard let jwt = JWT(compact: text) else { return refuse("the id_token is not a signed JWT") }
        let kid = jwt.header["kid"]?.stringValue
        let candidates = keys.filter { kid == nil || $0.kid == kid }
        guard candidates.contains(where: { jwt.isSigned(by: $0) }) else {
            return refuse("the id_token's signature does not verify with the server's keys (jwks_uri)")
        }
        guard jwt.claims["iss"]?.stringValue == issuer else {
            return refuse("the id_token was issued by \(jwt.claims["iss"]?.stringValue ?? "no one"), not \(issuer)")
        }
        let audiences =
            jwt.claims["aud"]?.stringValue.map { [$0] } ?? jwt.claims["aud"]?.arrayValue?.compactMap(\.stringValue)
            ?? []
        guard audiences.contains(clientID) else { return refuse("the id_token is not for \(clientID)") }
        guard case .number(let exp)? = jwt.claims["exp"], let seconds = TimeInterval(exp),
            Date(timeIntervalSince1970: seconds) > now
        else { return refuse("the id_token expired") }
        return .success(jwt.claims)
    }
}
