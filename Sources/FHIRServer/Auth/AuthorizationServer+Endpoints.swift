import FHIRModel
import Foundation
import SMART

/// The authorization server over HTTP: discovery under the FHIR base, the endpoints under
/// `/auth/`. OAuth errors are JSON (RFC 6749 §5.2); a refusal the user must see is a page.
extension AuthorizationServer {
    public static let path = "/auth"

    /// `.well-known/smart-configuration` for the server reached at `origin` (`http://host:port`).
    public func configuration(origin: String) -> JSONValue {
        let endpoint = { (name: String) in JSONValue.string("\(origin)\(Self.path)/\(name)") }
        let scopes = [
            "openid", "fhirUser", "launch", "launch/patient", "offline_access", "online_access", "patient/*.rs",
            "patient/*.cruds", "user/*.rs", "user/*.cruds", "system/*.rs", "system/*.cruds", "patient/*.read",
            "user/*.read", "system/*.read",
        ]
        let capabilities = [
            "launch-standalone", "launch-ehr", "context-ehr-patient", "client-public", "client-confidential-symmetric",
            "client-confidential-asymmetric",
            "context-standalone-patient",
            "permission-offline", "permission-online", "permission-patient", "permission-user", "permission-v1",
            "permission-v2", "sso-openid-connect",
        ]
        return [
            "authorization_endpoint": endpoint("authorize"), "token_endpoint": endpoint("token"),
            "introspection_endpoint": endpoint("introspect"), "revocation_endpoint": endpoint("revoke"),
            "issuer": .string(origin + FHIRService.basePath), "jwks_uri": endpoint("jwks"),
            "id_token_signing_alg_values_supported": ["RS256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt", "none"],
            "token_endpoint_auth_signing_alg_values_supported": ["RS384", "ES384"],
            "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
            "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
            "scopes_supported": .array(scopes.map(JSONValue.string)),
            "capabilities": .array(capabilities.map(JSONValue.string)),
        ]
    }

    /// Answers a request below `/auth/` of the server at `origin`; `patients` lists the patients
    /// the user may pick, and `audience` is the FHIR base URL tokens are for.
    public func respond(
        _ request: FHIRRequest, origin: String, audience: String, patients: () async -> [(id: String, name: String)]
    ) async -> FHIRResponse {
        let form = request.method == "POST" ? QueryString.parameters(String(decoding: request.body, as: UTF8.self)) : []
        let wantsJSON = Self.wantsJSON(request.headers["accept"])
        switch (request.method, request.components) {
        case ("GET", ["authorize"]):
            switch authorize(request.query, audience: audience) {
            case .success(let id):
                let signedIn = session(request.headers["cookie"])
                return await page(id, session: signedIn, json: wantsJSON, origin: origin, patients: patients)
            case .failure(let refusal): return Self.refused(refusal, json: wantsJSON)
            }
        case ("POST", ["authorize"]):
            return await approval(request, form: form, origin: origin, json: wantsJSON, patients: patients)
        case ("POST", ["token"]):
            let basic = Self.basic(request.headers["authorization"])
            switch token(form, basic: basic, tokenURL: "\(origin)\(Self.path)/token") {
            case .success(let body): return Self.json(200, body)
            case .failure(let error): return Self.refused(error, basic: basic != nil)
            }
        case ("GET", ["launch"]):
            switch launch(request.query, audience: audience) {
            case .success(let location): return FHIRResponse(status: 302, headers: [("Location", location)])
            case .failure(let refusal): return Self.refused(refusal)
            }
        case ("GET", ["jwks"]):
            return Self.json(200, jwks())
        case ("POST", ["revoke"]), ("POST", ["introspect"]):
            // Only a client that proves who it is, as at the token endpoint, and only of its own tokens.
            let basic = Self.basic(request.headers["authorization"])
            let token = form.first { $0.name == "token" }?.value ?? ""
            switch authenticate(form, basic: basic, tokenURL: "\(origin)\(Self.path)/token") {
            case .failure(let error): return Self.refused(error, basic: basic != nil)
            case .success(let client) where request.components == ["introspect"]:
                return Self.json(200, introspect(token, by: client))
            case .success(let client):
                switch revoke(token, by: client) {
                case .success: return Self.json(200, [:])
                case .failure(let error): return Self.refused(error, basic: basic != nil)
                }
            }
        default:
            return Self.json(
                404,
                OAuthError(
                    "invalid_request",
                    "no such endpoint: \(request.method) \(Self.path)/\(request.components.joined(separator: "/"))"
                ).json)
        }
    }

    /// RFC 7009: the token is no longer honoured. An access token ends alone; a refresh token
    /// ends its whole grant, with every access token it minted. An unknown token is no error.
    public func revoke(_ token: String) {
        records.withLock { state in
            if let refresh = state.refreshTokens[token] { revokeFamily(refresh.family, in: &state) }
            state.tokens[token] = nil
        }
    }

    /// The same for `client`, which may revoke only tokens issued to it (RFC 7009 §2.1).
    public func revoke(_ token: String, by client: SMARTClient) -> Result<Void, OAuthError> {
        let owner = records.withLock { $0.tokens[token]?.clientID ?? $0.refreshTokens[token]?.grant.clientID }
        guard owner == nil || owner == client.id else {
            return .failure(OAuthError("invalid_request", "the token was issued to another client"))
        }
        revoke(token)
        return .success(())
    }

    /// RFC 7662: what a token stands for, or only `active: false`; asked `by` a client, only
    /// for its own tokens. With an `id_token` issued, who signed in (`iss`, `sub`, `fhirUser`).
    public func introspect(_ token: String, by client: SMARTClient? = nil) -> JSONValue {
        guard let grant = grant(for: token), client == nil || client?.id == grant.clientID else {
            return ["active": false]
        }
        var fields: [(String, JSONValue)] = [
            ("active", true), ("client_id", .string(grant.clientID)), ("scope", .string(grant.scopes.description)),
            ("exp", .number(String(Int(grant.expires.timeIntervalSince1970)))), ("token_type", "Bearer"),
        ]
        if let patient = grant.patient { fields.append(("patient", .string(patient))) }
        if let issuer = grant.issuer, let subject = grant.subject {
            fields += [("iss", .string(issuer)), ("sub", .string(subject))]
            if let user = grant.fhirUser { fields.append(("fhirUser", .string("\(issuer)/\(user)"))) }
        }
        return .object(JSONObject(fields))
    }

    /// The id and secret of an HTTP Basic `Authorization` header.
    static func basic(_ header: String?) -> (id: String, secret: String)? {
        guard let header, header.lowercased().hasPrefix("basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        let decode = { (part: Substring) in String(part).removingPercentEncoding ?? String(part) }
        return (decode(text[..<colon]), decode(text[text.index(after: colon)...]))
    }

    static func json(_ status: Int, _ body: JSONValue) -> FHIRResponse {
        FHIRResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store"), ("Pragma", "no-cache")],
            body: body.compactBytes)
    }

    /// A page of the authorization server: never framed by another site (clickjacking an
    /// Approve button), no script. (No `form-action`: browsers apply it to the redirect to the
    /// app that answers the form.)
    static func page(_ html: String, status: Int = 200) -> FHIRResponse {
        FHIRResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                (
                    "Content-Security-Policy",
                    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
                ),
                ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
            ],
            body: Array(html.utf8))
    }

    /// Whether a client asks for JSON rather than a page: a terminal, not a browser.
    static func wantsJSON(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("json") && !accept.contains("text/html")
    }

    /// An OAuth error as JSON: 401 for a client that did not prove itself (with the Basic
    /// challenge when it tried Basic, RFC 6749 §5.2), else 400.
    static func refused(_ error: OAuthError, basic: Bool) -> FHIRResponse {
        var response = json(error.code == "invalid_client" ? 401 : 400, error.json)
        if error.code == "invalid_client", basic {
            response.headers.append(("WWW-Authenticate", "Basic realm=\"Medbrain\""))
        }
        return response
    }

    static func refused(_ refusal: Refusal, json: Bool = false) -> FHIRResponse {
        switch refusal {
        case .page(let message) where json: Self.json(400, OAuthError("invalid_request", message).json)
        case .page(let message): page(AuthorizePage.refusal(message), status: 400)
        case .redirect(let location): FHIRResponse(status: 302, headers: [("Location", location)])
        case .unavailable(let message) where json:
            Self.json(503, OAuthError("temporarily_unavailable", message).json)
        case .unavailable(let message): page(AuthorizePage.refusal(message), status: 503)
        }
    }
}

extension OAuthError {
    var json: JSONValue { ["error": .string(code), "error_description": .string(description)] }
}
