import FHIRClient
import FHIRModel
import Foundation
import SMART

/// `login --smart`: SMART App Launch as a native app does it (RFC 8252): discovery, the
/// authorization URL with PKCE S256 and a `state`, the browser, the answer on a loopback
/// redirect, the code exchanged, the patient in context logged in. The token is sent with every
/// request after, renewed before it expires or when the server answers 401.
extension CommandContext {
    /// How long the user has to approve in the browser.
    static let approvalWait: Double = 300
    static let defaultSMARTScope = "launch/patient openid fhirUser offline_access patient/*.rs"

    func smartLogin(_ arguments: [String]) async throws {
        var (clientID, scope) = ("medbrain", Self.defaultSMARTScope)
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--smart": continue
            case "--client":
                guard let value = words.popFirst(), !value.isEmpty else {
                    throw REPLError("--client needs a client id")
                }
                clientID = value
            case "--scope":
                guard let value = words.popFirst(), !value.isEmpty else {
                    throw REPLError("--scope needs scopes, quoted")
                }
                scope = value
            default: throw UsageError()
            }
        }
        let client = try connected()
        try Self.refuseClearText(client.server.baseURL)
        guard let endpoints = try await client.smartEndpoints() else {
            throw REPLError(
                "\(client.server.baseURL) announces no SMART endpoints; 'login' finds a patient without one")
        }
        for endpoint in [endpoints.authorize, endpoints.token] { try Self.refuseClearText(endpoint) }
        if !endpoints.codeChallengeMethods.isEmpty, !endpoints.codeChallengeMethods.contains(PKCE.method) {
            throw REPLError("the server does not offer PKCE S256, which a native app must use; not logging in")
        }
        let listener = try await LoopbackRedirect.start()
        defer { listener.close() }
        let verifier = PKCE.makeVerifier()
        let state = Base64URL.random(bytes: 16)
        // OpenID Connect's nonce: the id_token must bring it back, so an old one cannot be replayed.
        let nonce = Base64URL.random(bytes: 16)
        let url = Self.authorizationURL(
            endpoints.authorize,
            [
                ("response_type", "code"), ("client_id", clientID), ("redirect_uri", listener.redirectURI),
                ("scope", scope), ("state", state), ("aud", client.server.baseURL),
                ("code_challenge", PKCE.challenge(for: verifier)), ("code_challenge_method", PKCE.method),
                ("nonce", nonce),
            ])
        if let secret = await servers.signInSecret(of: client.server.baseURL) {
            say("The built-in server asks whoever approves for its sign-in secret: \(secret)")
        }
        say("Log in and approve in the browser; waiting for its answer at \(listener.redirectURI):\n  \(url)")
        (openBrowser ?? Self.systemBrowser)(url)
        let code = try await approval(from: listener, state: state)
        let answer = try await tokenAnswer(
            client, endpoints.token,
            form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", listener.redirectURI),
                ("client_id", clientID), ("code_verifier", verifier),
            ])
        guard
            var login = SMARTLogin(
                answer, baseURL: client.server.baseURL, clientID: clientID, tokenURL: endpoints.token, now: clock())
        else { throw REPLError("the token endpoint answered without an access_token") }
        if let idToken = answer["id_token"]?.stringValue {
            login.fhirUser = try await checkedUser(
                idToken, endpoints: endpoints, client: client, clientID: clientID, nonce: nonce)
        }
        try await begin(login, on: client)
    }

    /// The `fhirUser` of an `id_token` whose signature (a key of the server's `jwks_uri`), issuer,
    /// audience and expiry check out; a login whose `id_token` does not is refused, as OpenID
    /// Connect asks. Without a `jwks_uri` the token cannot be checked, and names no one here.
    private func checkedUser(
        _ idToken: String, endpoints: SMARTEndpoints, client: FHIRClient, clientID: String, nonce: String
    ) async throws -> String? {
        guard let jwksURI = endpoints.jwksURI else { return nil }
        let jwks = try await client.authorizationJSON(jwksURI)
        let keys = jwks["keys"]?.arrayValue?.compactMap { JWK(json: $0) } ?? []
        // The server checks times by the real clock, as it issued them: not the session's.
        switch IDToken.check(
            idToken, keys: keys, issuer: endpoints.issuer ?? client.server.baseURL, clientID: clientID, now: Date())
        {
        case .success(let claims):
            guard claims["nonce"]?.stringValue == nonce else {
                throw REPLError("the login is refused: the id_token's nonce is not the one this login sent")
            }
            return claims["fhirUser"]?.stringValue
        case .failure(let error): throw REPLError("the login is refused: \(error.description)")
        }
    }

    /// The code the browser brings back, once its `state` proves it answers this login.
    private func approval(from listener: LoopbackRedirect, state: String) async throws -> String {
        let stop = cancellation.watch { listener.close() }
        defer { stop() }
        guard let items = await listener.callback(timeout: Self.approvalWait) else {
            throw REPLError(
                cancellation.isCancelled
                    ? "login cancelled" : "no answer from the browser within \(Int(Self.approvalWait)) s")
        }
        let value = { (name: String) in items.first { $0.name == name }?.value }
        guard value("state") == state else {
            throw REPLError("the answer's state is not the one sent: refused, it may not come from this login")
        }
        if let error = value("error") {
            throw REPLError(
                "the server refused the login: \(error)" + (value("error_description").map { ": \($0)" } ?? ""))
        }
        guard let code = value("code"), !code.isEmpty else { throw REPLError("the answer holds no code") }
        return code
    }

    /// The session sends `login`'s token from now on; its patient, if any, is logged in.
    func begin(_ login: SMARTLogin, on client: FHIRClient) async throws {
        let authorized = client.with(credentials: .bearer(token: login.accessToken))
        session.client = authorized
        session.smart = login
        await keep(login)
        try await begin(
            login, on: authorized,
            lines: [
                "logged in with SMART as \(login.clientID)\(login.signingKey == nil ? "" : " (a backend service)"); scopes: \(login.scope)"
            ])
    }

    /// Shows `lines` about a login the session now uses, with its patient logged in first.
    private func begin(_ login: SMARTLogin, on authorized: FHIRClient, lines: [String]) async throws {
        var lines = lines
        if let id = login.patient {
            let patient = try Patient(json: try await authorized.read("Patient", id: id))
            session.patient = patient
            (session.orders, session.currentOrder, session.ordersListed) = ([], nil, false)
            lines.insert("logged in as \(Self.name(patient)) (Patient/\(id))", at: 0)
        }
        lines.append(
            "the token expires at \(Self.time(login.expires)); it is renewed before then"
                + (login.renewable ? "" : " only by logging in again"))
        show(smartSummary(login), lines: lines)
    }

    /// At `connect`: the SMART login an earlier session kept for this server, used again, renewed
    /// if it has ended and can be; forgotten, and said so, when it cannot.
    func resumeSMARTLogin(on client: FHIRClient) async {
        let file = SMARTTokenFile(serversPath: serversPath)
        guard !(await servers.baseURLs.contains(client.server.baseURL)),
            let kept = file.kept(for: client.server.baseURL)
        else { return }
        session.client = client.with(credentials: .bearer(token: kept.accessToken))
        session.smart = kept
        if kept.expires <= clock(), !(await refreshSMARTToken(force: true)) {
            forgetSMARTLogin()
            return say("the SMART login kept for this server has ended; 'login --smart' logs in again")
        }
        // A token the server no longer honours is renewed once, as a command's 401 is.
        for attempt in 0..<2 {
            guard let login = session.smart, let authorized = session.client else { return }
            do {
                return try await begin(
                    login, on: authorized,
                    lines: [
                        "logged in with SMART as \(login.clientID), kept from an earlier session ('logout' forgets it)"
                    ])
            } catch {
                if attempt == 0, await refreshSMARTToken(force: true) { continue }
                forgetSMARTLogin()
                return say(
                    "the SMART login kept for this server no longer works (\(error)); 'login --smart' logs in again")
            }
        }
    }

    /// What `whoami` and `login --smart` show of a login: never the tokens.
    func smartSummary(_ login: SMARTLogin) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("client_id", .string(login.clientID)), ("scope", .string(login.scope)),
            ("expires", .string(Self.time(login.expires))), ("refreshable", .bool(login.renewable)),
        ]
        if let key = login.signingKey { fields.append(("key_file", .string(key.file))) }
        if let patient = login.patient { fields.append(("patient", .string(patient))) }
        if let user = login.fhirUser { fields.append(("fhirUser", .string(user))) }
        return .object(JSONObject(fields))
    }

    /// Renews the token when it is about to expire (or, `force`, after a 401); true when it did.
    @discardableResult
    func refreshSMARTToken(force: Bool = false) async -> Bool {
        guard let login = session.smart, let client = session.client, force || login.needsRefresh(at: clock())
        else { return false }
        let form: [(String, String)]
        if let refresh = login.refreshToken {
            form = [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", login.clientID)]
        } else if let key = login.signingKey,
            let assertion = try? backendForm(
                clientID: login.clientID, tokenURL: login.tokenURL, keyFile: key.file, kid: key.kid, scope: login.scope)
        {
            form = assertion
        } else {
            return false
        }
        guard let answer = try? await client.tokenRequest(login.tokenURL, form: form),
            let renewed = SMARTLogin(
                answer, baseURL: login.baseURL, clientID: login.clientID, tokenURL: login.tokenURL, now: clock(),
                previous: login)
        else { return false }
        session.client = client.with(credentials: .bearer(token: renewed.accessToken))
        session.smart = renewed
        await keep(renewed)
        return true
    }

    /// Keeps `login` for the next session, unless its server is one of this session's built-in
    /// ones: their tokens end with them, and the next one on the same port is another server.
    private func keep(_ login: SMARTLogin) async {
        guard !(await servers.baseURLs.contains(login.baseURL)) else { return }
        try? SMARTTokenFile(serversPath: serversPath).keep(login, for: login.baseURL)
    }

    /// Forgets the SMART login: the token is no longer sent, nor kept.
    func forgetSMARTLogin() {
        guard let login = session.smart else { return }
        session.smart = nil
        session.client = session.client?.with(credentials: nil)
        try? SMARTTokenFile(serversPath: serversPath).keep(nil, for: login.baseURL)
    }

    /// Tokens cross the network only encrypted: http is for a server on this machine.
    static func refuseClearText(_ url: String) throws {
        guard let parts = URLComponents(string: url), parts.scheme?.lowercased() == "http" else { return }
        let host = (parts.host ?? "").lowercased()
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let loopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        let loopback = host == "localhost" || host == "::1" || host == "[::1]" || loopbackIPv4
        guard !loopback else { return }
        throw REPLError(
            "refusing to log in over http to \(host): the tokens would cross the network unencrypted; use its https address"
        )
    }

    static func authorizationURL(_ endpoint: String, _ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let query = items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        return endpoint + (endpoint.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
