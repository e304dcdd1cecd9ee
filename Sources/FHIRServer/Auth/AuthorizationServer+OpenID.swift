import FHIRModel
import Foundation
import SMART

/// OpenID Connect's part of SMART: with `openid` (and `fhirUser`) the token response carries an
/// `id_token`, a JWT signed RS256 by the server's own key, which `/auth/jwks` publishes, so an
/// app learns who the user is (here the patient picked) and can check it came from this server.
extension AuthorizationServer {
    /// How long an `id_token` is good for.
    static let idTokenLifetime: TimeInterval = 3600

    /// The server's key, made once.
    func signingKey() -> SigningKey? {
        ownKey.withLock { key in
            if key == nil { key = try? SigningKey.newRSA() }
            return key
        }
    }

    /// `/auth/jwks`: the public key `id_token`s are signed with.
    public func jwks() -> JSONValue {
        guard let key = signingKey() else { return ["keys": []] }
        return ["keys": [key.publicKey.json(algorithm: "RS256")]]
    }

    /// The `id_token` of a code's grant: nil without `openid`, or without a patient, who is the
    /// user this server knows.
    func idToken(for pending: Pending, patient: String?, approver: Approver = .owner, now: Date) -> String? {
        guard pending.scopes.contains("openid"), let patient, let key = signingKey() else { return nil }
        let seconds = Int(now.timeIntervalSince1970)
        var claims: [(String, JSONValue)] = [
            ("iss", .string(pending.audience)), ("sub", .string(patient)), ("aud", .string(pending.client.id)),
            ("iat", .number(String(seconds))), ("exp", .number(String(seconds + Int(Self.idTokenLifetime)))),
        ]
        if pending.scopes.contains("fhirUser") {
            let user = approver.fhirUser ?? "Patient/\(patient)"
            claims.append(("fhirUser", .string("\(pending.audience)/\(user)")))
        }
        if let nonce = pending.nonce { claims.append(("nonce", .string(nonce))) }
        return JWT.signed(.object(JSONObject(claims)), by: key, algorithm: "RS256")
    }
}
