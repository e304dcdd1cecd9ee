import FHIRModel
import Foundation

/// Where a SMART server's authorization happens, as it announces it.
public struct SMARTEndpoints: Sendable, Equatable {
    public var authorize: String
    public var token: String
    public var codeChallengeMethods: [String]
    /// OpenID Connect's: who issues `id_token`s, and where its keys are.
    public var issuer: String? = nil
    public var jwksURI: String? = nil
    /// RFC 7662's, where a token's holder asks what it stands for.
    public var introspection: String? = nil
}

/// SMART App Launch from the client's side: discovery, and the token endpoint's form posts,
/// which go unobserved (`trace` shows that they were sent, never what they hold).
extension FHIRClient {
    /// The endpoints of `.well-known/smart-configuration`, else of the CapabilityStatement's
    /// oauth-uris extension; nil when the server announces neither.
    public func smartEndpoints() async throws(ClientError) -> SMARTEndpoints? {
        if let configuration = try? await transport.unobserved().json(
            "GET", server.baseURL + "/.well-known/smart-configuration", accept: "application/json"),
            let authorize = configuration["authorization_endpoint"]?.stringValue,
            let token = configuration["token_endpoint"]?.stringValue
        {
            let methods = configuration["code_challenge_methods_supported"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return SMARTEndpoints(
                authorize: authorize, token: token, codeChallengeMethods: methods,
                issuer: configuration["issuer"]?.stringValue, jwksURI: configuration["jwks_uri"]?.stringValue,
                introspection: configuration["introspection_endpoint"]?.stringValue)
        }
        return server.oauthURIs
    }

    /// The JSON at `url` (a JWKS), asked without credentials and unobserved.
    public func authorizationJSON(_ url: String) async throws(ClientError) -> JSONValue {
        try await transport.unobserved().withoutCredentials().json("GET", url, accept: "application/json")
    }

    /// Posts a form to a token endpoint; the JSON answer, or the OAuth error as `refused`.
    public func tokenRequest(_ url: String, form: [(String, String)], basic: (String, String)? = nil)
        async throws(ClientError) -> JSONValue
    {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        var headers: [String: String] = [:]
        if let (id, secret) = basic {
            headers["Authorization"] = "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
        }
        let (tape, _) = try await transport.unobserved().withoutCredentials().exchange(
            "POST", url, accept: "application/json", body: Array(body.utf8),
            contentType: "application/x-www-form-urlencoded", headers: headers, emptyAllowed: false)
        guard let json = tape?.root.json else { throw .notFHIR(url: url, reason: "the token endpoint sent nothing") }
        return json
    }

    /// The same server with other credentials (a new token), its metadata kept.
    public func with(credentials: Credentials?) -> FHIRClient {
        FHIRClient(server: server, transport: transport.with(credentials: credentials))
    }
}
