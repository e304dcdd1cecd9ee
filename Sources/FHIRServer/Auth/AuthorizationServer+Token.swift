import FHIRModel
import Foundation
import SMART

/// The token endpoint: a code exchanged for tokens once, within its minute, by the client it
/// was issued to, with the verifier of its challenge; a refresh token exchanged for a new
/// access token.
extension AuthorizationServer {
    /// Answers `POST /auth/token` (a form); `basic` is the request's HTTP Basic credentials, and
    /// `tokenURL` this endpoint's own URL, which a client assertion must be addressed to.
    public func token(
        _ form: [(name: String, value: String)], basic: (id: String, secret: String)?, tokenURL: String
    ) -> Result<JSONValue, OAuthError> {
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        let client: SMARTClient
        switch authenticate(form, basic: basic, tokenURL: tokenURL) {
        case .success(let found): client = found
        case .failure(let error): return .failure(error)
        }
        switch value("grant_type") {
        case "authorization_code": return exchange(code: value("code"), form: form, client: client)
        case "refresh_token": return refresh(value("refresh_token"), scope: value("scope"), client: client)
        case "client_credentials": return clientCredentials(scope: value("scope"), client: client)
        case let other:
            return .failure(
                OAuthError(
                    "unsupported_grant_type",
                    "grant_type must be authorization_code, refresh_token or client_credentials, not '\(other ?? "")'"))
        }
    }

    /// The client making the request: one with keys by a signed assertion, one with a secret by
    /// HTTP Basic, a public one by `client_id`. Only one way may be used (RFC 6749 §2.3).
    func authenticate(_ form: [(name: String, value: String)], basic: (id: String, secret: String)?, tokenURL: String)
        -> Result<SMARTClient, OAuthError>
    {
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        if let assertion = value("client_assertion") {
            guard basic == nil else {
                return .failure(OAuthError("invalid_request", "authenticate one way: an assertion or HTTP Basic"))
            }
            guard value("client_assertion_type") == ClientAssertion.type else {
                return .failure(
                    OAuthError("invalid_client", "client_assertion_type must be \(ClientAssertion.type)"))
            }
            return authenticate(assertion: assertion, formID: value("client_id"), tokenURL: tokenURL)
        }
        if let basic {
            guard let client = clients[basic.id], let secret = client.secret,
                Self.same(Array(secret.utf8), Array(basic.secret.utf8))
            else { return .failure(OAuthError("invalid_client", "the client id or secret is wrong")) }
            return .success(client)
        }
        let formID = value("client_id")
        guard let id = formID, let client = clients[id] else {
            return .failure(OAuthError("invalid_client", "unknown client_id '\(formID ?? "")'"))
        }
        guard !client.isConfidential else {
            let way = client.keys.isEmpty ? "its secret (HTTP Basic)" : "an assertion signed with its key"
            return .failure(OAuthError("invalid_client", "\(id) is a confidential client: authenticate with \(way)"))
        }
        return .success(client)
    }

    /// A backend service's signed assertion, each rule checked and its `jti` taken once.
    private func authenticate(assertion: String, formID: String?, tokenURL: String) -> Result<SMARTClient, OAuthError> {
        let now = clock.now()
        let issuer: (jwt: JWT, clientID: String)
        switch ClientAssertion.issuer(of: assertion) {
        case .success(let found): issuer = found
        case .failure(let error): return .failure(error)
        }
        guard let client = clients[issuer.clientID] else {
            return .failure(OAuthError("invalid_client", "unknown client '\(issuer.clientID)' (the assertion's iss)"))
        }
        guard formID == nil || formID == client.id else {
            return .failure(OAuthError("invalid_client", "client_id is not the assertion's iss"))
        }
        let checked: ClientAssertion.Checked
        switch ClientAssertion.check(issuer.jwt, clientID: client.id, keys: client.keys, tokenURL: tokenURL, now: now) {
        case .success(let found): checked = found
        case .failure(let error): return .failure(error)
        }
        return records.withLock { state in
            state.assertions = state.assertions.filter { $0.value > now }
            let key = "\(client.id) \(checked.jti)"
            guard state.assertions[key] == nil else {
                return .failure(OAuthError("invalid_client", "the assertion was used already (its jti)"))
            }
            state.assertions[key] = checked.expires
            return .success(client)
        }
    }

    /// Backend services: a confidential client's own access, to `system/` scopes it may have.
    private func clientCredentials(scope: String?, client: SMARTClient) -> Result<JSONValue, OAuthError> {
        guard client.isConfidential else {
            return .failure(
                OAuthError("unauthorized_client", "client_credentials is for a confidential client, not \(client.id)"))
        }
        guard let scope, !scope.isEmpty else {
            return .failure(OAuthError("invalid_scope", "scope is required (system/ scopes, like system/*.rs)"))
        }
        let (asked, unknown) = SMARTScopes.parse(scope)
        let notSystem = asked.scopes.filter { if case .clinical(.system, _, _, _) = $0 { false } else { true } }
        guard unknown.isEmpty, notSystem.isEmpty else {
            let names = (unknown + notSystem.map(\.description)).joined(separator: " ")
            return .failure(OAuthError("invalid_scope", "client_credentials grants system/ scopes only, not \(names)"))
        }
        let outside = client.scopes.uncovered(asked)
        guard outside.isEmpty else {
            let names = outside.map(\.description).joined(separator: " ")
            return .failure(OAuthError("invalid_scope", "outside what \(client.id) may be granted: \(names)"))
        }
        let now = clock.now()
        return records.withLock { state in
            prune(&state, now: now)
            let grant = SMARTGrant(clientID: client.id, scopes: asked, patient: nil, expires: now + Self.tokenLifetime)
            return .success(.object(JSONObject(issue(grant, into: &state).fields)))
        }
    }

    private func exchange(code: String?, form: [(name: String, value: String)], client: SMARTClient)
        -> Result<JSONValue, OAuthError>
    {
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        let now = clock.now()
        return records.withLock { state in
            guard let code, var kept = state.codes[code] else {
                return .failure(OAuthError("invalid_grant", "the code is not one this server issued"))
            }
            if let family = kept.family {
                // A code that comes twice was seen by someone else: its tokens go too (RFC 6749 §4.1.2).
                revokeFamily(family, in: &state)
                return .failure(
                    OAuthError("invalid_grant", "the code was used already; the tokens it gave are revoked"))
            }
            guard kept.pending.client.id == client.id else {
                return .failure(OAuthError("invalid_grant", "the code was issued to another client"))
            }
            guard now.timeIntervalSince(kept.issued) <= codeLifetime else {
                state.codes[code] = nil
                return .failure(
                    OAuthError("invalid_grant", "the code expired: a code lasts \(Int(codeLifetime)) s"))
            }
            guard value("redirect_uri") == kept.pending.redirectURI else {
                return .failure(OAuthError("invalid_grant", "redirect_uri must be the one the code was asked with"))
            }
            guard let verifier = value("code_verifier") else {
                return .failure(OAuthError("invalid_request", "code_verifier is required (PKCE)"))
            }
            guard PKCE.verifies(verifier, challenge: kept.pending.challenge) else {
                return .failure(OAuthError("invalid_grant", "code_verifier does not match the code_challenge"))
            }
            // An `openid` login without its id_token would look like a server that ignores OpenID.
            if kept.pending.scopes.contains("openid"), kept.patient != nil, signingKey() == nil {
                return .failure(OAuthError("server_error", SigningKey.missingLibrary.description + ": no id_token"))
            }
            prune(&state, now: now)
            let family = startFamily(client: client, scopes: kept.pending.scopes, now: now, in: &state)
            kept.family = family
            state.codes[code] = kept
            let idToken = idToken(for: kept.pending, patient: kept.patient, approver: kept.approver, now: now)
            let grant = SMARTGrant(
                clientID: client.id, scopes: kept.pending.scopes, patient: kept.patient,
                expires: now + Self.tokenLifetime, family: family, issuer: idToken == nil ? nil : kept.pending.audience,
                subject: idToken == nil ? nil : kept.patient,
                fhirUser: idToken == nil || !kept.pending.scopes.contains("fhirUser")
                    ? nil : kept.approver.fhirUser ?? kept.patient.map { "Patient/\($0)" },
                approver: kept.approver.name)
            let issued = issue(grant, into: &state)
            return .success(.object(JSONObject(issued.fields + (idToken.map { [("id_token", .string($0))] } ?? []))))
        }
    }

    /// A refresh token exchanged for a new access token and the family's next refresh token
    /// (rotation). The one it replaces may not come again: if it does, the token was copied, and
    /// every token of the grant is revoked (OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
    private func refresh(_ token: String?, scope: String?, client: SMARTClient) -> Result<JSONValue, OAuthError> {
        let now = clock.now()
        return records.withLock { state in
            guard let token, let kept = state.refreshTokens[token], let family = state.families[kept.family] else {
                return .failure(OAuthError("invalid_grant", "the refresh token is not one this server issued"))
            }
            guard kept.grant.clientID == client.id else {
                return .failure(OAuthError("invalid_grant", "the refresh token was issued to another client"))
            }
            guard family.current == token else {
                revokeFamily(kept.family, in: &state)
                return .failure(
                    OAuthError(
                        "invalid_grant",
                        "the refresh token was used already, so it was copied: every token of its grant is revoked"))
            }
            guard now < family.ends else {
                revokeFamily(kept.family, in: &state)
                return .failure(OAuthError("invalid_grant", "the refresh token expired: log in again"))
            }
            var scopes = kept.grant.scopes
            if let scope {
                let (asked, unknown) = SMARTScopes.parse(scope)
                let wider = kept.grant.scopes.uncovered(asked)
                guard unknown.isEmpty, wider.isEmpty else {
                    let names = (unknown + wider.map(\.description)).joined(separator: " ")
                    return .failure(OAuthError("invalid_scope", "a refresh cannot widen the grant: \(names)"))
                }
                scopes = asked
            }
            prune(&state, now: now)
            // Used up, whether or not the narrower grant has a refresh token to follow it.
            state.families[kept.family]?.current = nil
            let grant = SMARTGrant(
                clientID: client.id, scopes: scopes, patient: kept.grant.patient, expires: now + Self.tokenLifetime,
                family: kept.family, issuer: kept.grant.issuer, subject: kept.grant.subject,
                fhirUser: kept.grant.fhirUser, approver: kept.grant.approver)
            return .success(.object(JSONObject(issue(grant, into: &state).fields)))
        }
    }

    /// Compares secrets in time that does not depend on where they first differ.
    static func same(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
