import FHIRModel
import Foundation
import SMART

/// SMART App Launch as a native app does it (RFC 8252): discovery, the authorization URL with
/// PKCE S256, a `state` and a nonce, then the answer on a loopback redirect, the code exchanged,
/// and the `id_token` checked. Made in two steps so that whoever drives it (the REPL, a test)
/// shows the URL and opens a browser in between.
public final class SMARTAppLaunch: Sendable {
    public static let defaultScope = "launch/patient openid fhirUser offline_access patient/*.rs"
    /// How long the user has to approve in the browser.
    public static let approvalWait: Double = 300

    /// Where the user logs in and approves.
    public let authorizationURL: String
    private let client: FHIRClient
    private let endpoints: SMARTEndpoints
    private let clientID: String
    private let listener: LoopbackRedirect
    private let verifier: String
    private let state: String
    /// OpenID Connect's nonce: the id_token must bring it back, so an old one cannot be replayed.
    private let nonce: String

    /// Where the browser brings the user back.
    public var redirectURI: String { listener.redirectURI }

    /// Finds the server's endpoints, refuses what would be unsafe, and starts listening for the
    /// browser's answer; ``close()`` stops listening.
    public static func begin(on client: FHIRClient, clientID: String, scope: String = defaultScope) async throws
        -> SMARTAppLaunch
    {
        let baseURL = client.server.baseURL
        try SMARTLogin.requireEncrypted(baseURL)
        guard let endpoints = try await client.smartEndpoints() else {
            throw SMARTLoginError.noEndpoints(baseURL: baseURL)
        }
        for endpoint in [endpoints.authorize, endpoints.token] { try SMARTLogin.requireEncrypted(endpoint) }
        if !endpoints.codeChallengeMethods.isEmpty, !endpoints.codeChallengeMethods.contains(PKCE.method) {
            throw SMARTLoginError.noPKCE
        }
        let verifier = PKCE.makeVerifier()
        let challenge = try PKCE.challenge(for: verifier)
        return SMARTAppLaunch(
            client: client, endpoints: endpoints, clientID: clientID, scope: scope, verifier: verifier,
            challenge: challenge, listener: try await LoopbackRedirect.start())
    }

    private init(
        client: FHIRClient, endpoints: SMARTEndpoints, clientID: String, scope: String, verifier: String,
        challenge: String, listener: LoopbackRedirect
    ) {
        (self.client, self.endpoints, self.clientID, self.listener) = (client, endpoints, clientID, listener)
        (self.verifier, state, nonce) = (verifier, Base64URL.random(bytes: 16), Base64URL.random(bytes: 16))
        authorizationURL = Self.url(
            endpoints.authorize,
            [
                ("response_type", "code"), ("client_id", clientID), ("redirect_uri", listener.redirectURI),
                ("scope", scope), ("state", state), ("aud", client.server.baseURL),
                ("code_challenge", challenge), ("code_challenge_method", PKCE.method),
                ("nonce", nonce),
            ])
    }

    /// Waits for the browser's answer, exchanges its code for tokens and checks the `id_token`.
    /// `cancellation` ends the wait as it ends a request.
    public func finish(cancellation: RequestCancellation? = nil, now: Date, wait: Double = approvalWait)
        async throws -> SMARTLogin
    {
        defer { close() }
        let code = try await approval(cancellation: cancellation, wait: wait)
        let answer = try await client.tokenGrant(
            endpoints.token,
            form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("client_id", clientID), ("code_verifier", verifier),
            ])
        guard
            var login = SMARTLogin(
                answer, baseURL: client.server.baseURL, clientID: clientID, tokenURL: endpoints.token, now: now)
        else { throw SMARTLoginError.noAccessToken }
        if let idToken = answer["id_token"]?.stringValue { login.fhirUser = try await checkedUser(idToken) }
        return login
    }

    /// Stops listening for the browser.
    public func close() { listener.close() }

    /// The code the browser brings back, once its `state` proves it answers this login.
    private func approval(cancellation: RequestCancellation?, wait: Double) async throws(SMARTLoginError) -> String {
        let stop = cancellation?.watch { [listener] in listener.close() }
        defer { stop?() }
        guard let items = await listener.callback(timeout: wait) else {
            throw cancellation?.isCancelled == true ? .cancelled : .noAnswer(seconds: Int(wait))
        }
        let value = { (name: String) in items.first { $0.name == name }?.value }
        guard value("state") == state else { throw .forgedState }
        if let error = value("error") {
            throw .refused(error + (value("error_description").map { ": \($0)" } ?? ""))
        }
        guard let code = value("code"), !code.isEmpty else { throw .noCode }
        return code
    }

    /// The `fhirUser` of an `id_token` whose signature (a key of the server's `jwks_uri`), issuer,
    /// audience, expiry and nonce check out; a login whose `id_token` does not is refused, as
    /// OpenID Connect asks. Without a `jwks_uri` the token cannot be checked, and names no one.
    private func checkedUser(_ idToken: String) async throws -> String? {
        guard let jwksURI = endpoints.jwksURI else { return nil }
        let jwks = try await client.authorizationJSON(jwksURI)
        let keys = jwks["keys"]?.arrayValue?.compactMap { JWK(json: $0) } ?? []
        // The server checks times by the real clock, as it issued them: not a session's fixed one.
        switch IDToken.check(
            idToken, keys: keys, issuer: endpoints.issuer ?? client.server.baseURL, clientID: clientID, now: Date())
        {
        case .success(let claims):
            guard claims["nonce"]?.stringValue == nonce else {
                throw SMARTLoginError.badIDToken("the id_token's nonce is not the one this login sent")
            }
            return claims["fhirUser"]?.stringValue
        case .failure(let error): throw SMARTLoginError.badIDToken(error.description)
        }
    }

    /// `endpoint` with `items` added to its query, each value percent-encoded.
    public static func url(_ endpoint: String, _ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let query = items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        return endpoint + (endpoint.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }
}
