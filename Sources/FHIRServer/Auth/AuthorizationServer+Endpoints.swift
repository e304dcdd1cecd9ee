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
                let page = AuthorizePage(id: id, pending: pending(id)!, patients: await patients())
                return wantsJSON ? Self.json(200, page.json(origin: origin)) : Self.page(page.html)
            case .failure(let refusal): return Self.refused(refusal, json: wantsJSON)
            }
        case ("POST", ["authorize"]):
            let value = { (name: String) in form.first { $0.name == name }?.value }
            let known = Set(await patients().map(\.id))
            let result = answer(
                value("request") ?? "", approve: value("decision") == "approve", patient: value("patient"),
                patients: known)
            switch result {
            case .success(let location): return FHIRResponse(status: 302, headers: [("Location", location)])
            case .failure(let refusal): return Self.refused(refusal, json: wantsJSON)
            }
        case ("POST", ["token"]):
            let tokenURL = "\(origin)\(Self.path)/token"
            switch token(form, basic: Self.basic(request.headers["authorization"]), tokenURL: tokenURL) {
            case .success(let body): return Self.json(200, body)
            case .failure(let error): return Self.json(error.code == "invalid_client" ? 401 : 400, error.json)
            }
        case ("GET", ["launch"]):
            switch launch(request.query, audience: audience, patients: Set(await patients().map(\.id))) {
            case .success(let location): return FHIRResponse(status: 302, headers: [("Location", location)])
            case .failure(let refusal): return Self.refused(refusal)
            }
        case ("GET", ["jwks"]):
            return Self.json(200, jwks())
        case ("POST", ["revoke"]):
            revoke(form.first { $0.name == "token" }?.value ?? "")
            return Self.json(200, [:])
        case ("POST", ["introspect"]):
            return Self.json(200, introspect(form.first { $0.name == "token" }?.value ?? ""))
        default:
            return Self.json(
                404,
                OAuthError(
                    "invalid_request",
                    "no such endpoint: \(request.method) \(Self.path)/\(request.components.joined(separator: "/"))"
                ).json)
        }
    }

    /// RFC 7009: the token, access or refresh, is no longer honoured (whoever holds it may
    /// revoke it; an unknown one is no error).
    public func revoke(_ token: String) {
        records.withLock { state in
            state.tokens[token] = nil
            state.refreshTokens[token] = nil
        }
    }

    /// RFC 7662: what a token stands for, or only `active: false`.
    public func introspect(_ token: String) -> JSONValue {
        guard let grant = grant(for: token) else { return ["active": false] }
        var fields: [(String, JSONValue)] = [
            ("active", true), ("client_id", .string(grant.clientID)), ("scope", .string(grant.scopes.description)),
            ("exp", .number(String(Int(grant.expires.timeIntervalSince1970)))), ("token_type", "Bearer"),
        ]
        if let patient = grant.patient { fields.append(("patient", .string(patient))) }
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

    static func page(_ html: String, status: Int = 200) -> FHIRResponse {
        FHIRResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array(html.utf8))
    }

    /// Whether a client asks for JSON rather than a page: a terminal, not a browser.
    static func wantsJSON(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("json") && !accept.contains("text/html")
    }

    static func refused(_ refusal: Refusal, json: Bool = false) -> FHIRResponse {
        switch refusal {
        case .page(let message) where json: Self.json(400, OAuthError("invalid_request", message).json)
        case .page(let message): page(AuthorizePage.refusal(message), status: 400)
        case .redirect(let location): FHIRResponse(status: 302, headers: [("Location", location)])
        }
    }
}

extension OAuthError {
    var json: JSONValue { ["error": .string(code), "error_description": .string(description)] }
}
