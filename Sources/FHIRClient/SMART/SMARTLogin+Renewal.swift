import FHIRModel
import Foundation

/// A login's token renewed without the user, and what the server says of it.
extension SMARTLogin {
    /// The login with a new token: by its refresh token, or a backend service's new assertion;
    /// nil when it cannot be renewed or the server refuses.
    public func renewed(on client: FHIRClient, now: Date) async -> SMARTLogin? {
        let form: [(String, String)]
        if let refreshToken {
            form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientID)]
        } else if let backendKey,
            let signed = try? SMARTBackendService.form(
                clientID: clientID, tokenURL: tokenURL, key: backendKey, scope: scope)
        {
            form = signed
        } else {
            return nil
        }
        guard let answer = try? await client.tokenRequest(tokenURL, form: form) else { return nil }
        return SMARTLogin(answer, baseURL: baseURL, clientID: clientID, tokenURL: tokenURL, now: now, previous: self)
    }

    /// What the server says of the token (RFC 7662 introspection); nil without an introspection
    /// endpoint. The client proves who it is as at the token endpoint: its id, or a new assertion.
    public func introspection(on client: FHIRClient) async -> JSONValue? {
        guard let url = try? await client.smartEndpoints()?.introspection else { return nil }
        var form = [("token", accessToken)]
        if let backendKey,
            let proof = try? SMARTBackendService.assertion(clientID: clientID, tokenURL: tokenURL, key: backendKey)
        {
            form += proof
        } else {
            form.append(("client_id", clientID))
        }
        return try? await client.tokenRequest(url, form: form)
    }
}

extension FHIRClient {
    /// The same server, sending `login`'s token.
    public func with(_ login: SMARTLogin) -> FHIRClient { with(credentials: .bearer(token: login.accessToken)) }

    /// A token endpoint's answer to `form`; its OAuth error is the server refusing the login.
    public func tokenGrant(_ url: String, form: [(String, String)]) async throws -> JSONValue {
        do { return try await tokenRequest(url, form: form) } catch {
            if case .refused(_, let outcome?) = error { throw SMARTLoginError.refused(outcome) }
            throw error
        }
    }
}
