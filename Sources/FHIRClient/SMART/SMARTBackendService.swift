import FHIRModel
import Foundation
import SMART

/// SMART Backend Services: a service's own access with no user and no browser. The client signs
/// a short assertion with the service's private key and trades it at the token endpoint
/// (`client_credentials`) for a token of `system/` scopes; it signs a new one to renew.
public enum SMARTBackendService {
    public static let defaultScope = "system/*.rs"

    /// Logs `clientID` in at `client`'s server with the key in `key.file`.
    public static func login(
        on client: FHIRClient, clientID: String, key: SMARTLogin.BackendKey, scope: String = defaultScope, now: Date
    ) async throws -> SMARTLogin {
        let baseURL = client.server.baseURL
        guard let endpoints = try await client.smartEndpoints() else {
            throw SMARTLoginError.noEndpoints(baseURL: baseURL)
        }
        try SMARTLogin.requireEncrypted(endpoints.token)
        let form = try Self.form(clientID: clientID, tokenURL: endpoints.token, key: key, scope: scope)
        let answer = try await client.tokenGrant(endpoints.token, form: form)
        guard var login = SMARTLogin(answer, baseURL: baseURL, clientID: clientID, tokenURL: endpoints.token, now: now)
        else { throw SMARTLoginError.noAccessToken }
        login.backendKey = key
        return login
    }

    /// The token request's form: `scope` for `clientID`, proved by an assertion signed with
    /// `key` for `tokenURL`.
    public static func form(clientID: String, tokenURL: String, key: SMARTLogin.BackendKey, scope: String)
        throws(SMARTLoginError) -> [(String, String)]
    {
        [("grant_type", "client_credentials"), ("scope", scope)]
            + (try assertion(clientID: clientID, tokenURL: tokenURL, key: key))
    }

    /// The client's proof of itself, as a token or introspection endpoint asks for it.
    public static func assertion(clientID: String, tokenURL: String, key: SMARTLogin.BackendKey)
        throws(SMARTLoginError) -> [(String, String)]
    {
        guard let pem = FileManager.default.contents(atPath: key.file) else {
            throw .unreadableKey(file: key.file)
        }
        let signing: SigningKey
        do { signing = try SigningKey(pem: String(decoding: pem, as: UTF8.self), kid: key.kid) } catch {
            throw .badKey(file: key.file, reason: "\(error)")
        }
        // The server checks exp against its own clock, the real one: not a session's fixed one.
        guard let assertion = ClientAssertion.make(clientID: clientID, tokenURL: tokenURL, key: signing, now: Date())
        else { throw .badKey(file: key.file, reason: "the key could not sign the assertion") }
        return [("client_assertion_type", ClientAssertion.type), ("client_assertion", assertion)]
    }
}
