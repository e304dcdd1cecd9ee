import FHIRClient
import FHIRModel
import Foundation
import SMART

/// `login --backend`: SMART Backend Services, a service's own access with no user and no
/// browser. The REPL signs a short assertion with the service's private key and trades it at the
/// token endpoint (`client_credentials`) for a token of `system/` scopes; it signs a new one
/// when the token is about to end.
extension CommandContext {
    static let defaultBackendScope = "system/*.rs"

    func backendLogin(_ arguments: [String]) async throws {
        var (clientID, keyFile, kid, scope): (String?, String?, String?, String) = (
            nil, nil, nil, Self.defaultBackendScope
        )
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--backend" { continue }
            guard ["--client", "--key", "--kid", "--scope"].contains(word) else { throw UsageError() }
            guard let value = words.popFirst(), !value.isEmpty else { throw REPLError("\(word) needs a value") }
            switch word {
            case "--client": clientID = value
            case "--key": keyFile = value
            case "--kid": kid = value
            default: scope = value
            }
        }
        guard let clientID else { throw REPLError("login --backend needs --client ID, the id the server registered") }
        guard let keyFile else { throw REPLError("login --backend needs --key FILE, the service's private key (PEM)") }
        let client = try connected()
        guard let endpoints = try await client.smartEndpoints() else {
            throw REPLError("\(client.server.baseURL) announces no SMART endpoints, so no token endpoint to ask")
        }
        let path = (keyFile as NSString).expandingTildeInPath
        try Self.refuseClearText(endpoints.token)
        let form = try backendForm(clientID: clientID, tokenURL: endpoints.token, keyFile: path, kid: kid, scope: scope)
        let answer = try await tokenAnswer(client, endpoints.token, form: form)
        guard
            var login = SMARTLogin(
                answer, baseURL: client.server.baseURL, clientID: clientID, tokenURL: endpoints.token, now: clock())
        else { throw REPLError("the token endpoint answered without an access_token") }
        login.signingKey = (path, kid)
        try await begin(login, on: client)
    }

    /// The token request's form: `scope` for `clientID`, proved by an assertion signed with the
    /// key in `keyFile` for `tokenURL`.
    func backendForm(clientID: String, tokenURL: String, keyFile: String, kid: String?, scope: String) throws
        -> [(String, String)]
    {
        guard let pem = FileManager.default.contents(atPath: keyFile) else {
            throw REPLError("cannot read the key file \(keyFile)")
        }
        let key: SigningKey
        do { key = try SigningKey(pem: String(decoding: pem, as: UTF8.self), kid: kid) } catch {
            throw REPLError("\(keyFile): \(error)")
        }
        // The server checks exp against its own clock, the real one: not the session's, which a
        // transcript fixes.
        guard let assertion = ClientAssertion.make(clientID: clientID, tokenURL: tokenURL, key: key, now: Date()) else {
            throw REPLError("\(keyFile): the key could not sign the assertion")
        }
        return [
            ("grant_type", "client_credentials"), ("scope", scope), ("client_assertion_type", ClientAssertion.type),
            ("client_assertion", assertion),
        ]
    }

    /// The token endpoint's answer; an OAuth error in it is the server refusing the login.
    func tokenAnswer(_ client: FHIRClient, _ url: String, form: [(String, String)]) async throws -> JSONValue {
        do { return try await client.tokenRequest(url, form: form) } catch {
            if case .refused(_, let outcome?) = error { throw REPLError("the server refused the login: \(outcome)") }
            throw error
        }
    }
}
