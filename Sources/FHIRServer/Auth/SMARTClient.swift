import FHIRModel
import Foundation
import SMART

/// An app registered with the built-in SMART server (`--clients FILE`): who it is, where its
/// codes may be sent, how it proves itself and what it may be granted.
public struct SMARTClient: Sendable, Equatable {
    public let id: String
    /// Redirect URIs, compared character by character; a loopback one without a port
    /// (`http://127.0.0.1/callback`) takes any port, as RFC 8252 §7.3 asks for native apps.
    public let redirectURIs: [String]
    /// A confidential client's secret (HTTP Basic at the token endpoint); nil for a public one.
    public let secret: String?
    /// The public keys of a confidential asymmetric client (a backend service): it proves itself
    /// with a JWT signed by one of them (`private_key_jwt`).
    public let keys: [JWK]
    /// The widest scopes the client may be granted.
    public let scopes: SMARTScopes
    /// Where an EHR launch opens the app (with `iss` and `launch`); nil when it has none.
    public let launchURI: String?

    public init(
        id: String, redirectURIs: [String], secret: String? = nil, keys: [JWK] = [], scopes: SMARTScopes,
        launchURI: String? = nil
    ) {
        self.id = id
        self.redirectURIs = redirectURIs
        self.secret = secret
        self.keys = keys
        self.scopes = scopes
        self.launchURI = launchURI
    }

    /// Whether the client must prove itself at the token endpoint (a secret or a key).
    var isConfidential: Bool { secret != nil || !keys.isEmpty }

    /// Every server knows Medbrain's own REPL, a public client on a loopback redirect. Anyone
    /// can name a public client, so it is granted no more than a patient's own record; a
    /// `--clients` entry with the id `medbrain` widens it (to `user/` scopes, say).
    public static let medbrain = SMARTClient(
        id: "medbrain", redirectURIs: ["http://127.0.0.1/callback"],
        scopes: SMARTScopes.parse(
            "launch launch/patient openid fhirUser offline_access online_access patient/*.cruds"
        ).scopes)

    /// Whether `uri` is one of the client's redirect URIs.
    public func accepts(redirect uri: String) -> Bool {
        redirectURIs.contains { registered in
            registered == uri || Self.loopbackMatch(registered: registered, asked: uri)
        }
    }

    /// `http://127.0.0.1/callback` registered, `http://127.0.0.1:53211/callback` asked.
    private static func loopbackMatch(registered: String, asked: String) -> Bool {
        guard let mine = URLComponents(string: registered), let theirs = URLComponents(string: asked),
            mine.scheme == "http", mine.host == "127.0.0.1" || mine.host == "[::1]", mine.port == nil,
            theirs.port != nil
        else { return false }
        var portless = theirs
        portless.port = nil
        return portless.string == registered
    }
}

/// The clients of a `--clients` file: a JSON array of
/// `{"client_id", "redirect_uris", "client_secret"?, "jwks"?, "scope", "launch_uri"?}`, as a
/// dynamic registration (RFC 7591) would describe them, with SMART's launch URL.
public enum SMARTClientFile {
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public static func read(_ path: String) throws -> [SMARTClient] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the clients file \(path)")
        }
        guard case .array(let entries) = try? JSONParser.parse(Array(data)) else {
            throw Problem(description: "\(path): the clients file must be a JSON array of clients")
        }
        return try entries.enumerated().map { index, entry in try client(entry, at: "\(path): client \(index + 1)") }
    }

    static func client(_ entry: JSONValue, at place: String) throws -> SMARTClient {
        guard let id = entry["client_id"]?.stringValue, !id.isEmpty else {
            throw Problem(description: "\(place) has no client_id")
        }
        let redirects = entry["redirect_uris"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let (scopes, unknown) = SMARTScopes.parse(entry["scope"]?.stringValue ?? "")
        guard unknown.isEmpty else {
            throw Problem(
                description: "\(place) (\(id)) names scopes SMART does not define: \(unknown.joined(separator: " "))")
        }
        return SMARTClient(
            id: id, redirectURIs: redirects, secret: entry["client_secret"]?.stringValue,
            keys: try keys(entry["jwks"], at: "\(place) (\(id))"), scopes: scopes,
            launchURI: entry["launch_uri"]?.stringValue)
    }

    /// A JWKS (`{"keys": [...]}`) of RSA or P-384 public keys, each with its kid.
    static func keys(_ jwks: JSONValue?, at place: String) throws -> [JWK] {
        guard let jwks else { return [] }
        guard let entries = jwks["keys"]?.arrayValue else {
            throw Problem(description: "\(place): jwks must be an object with a keys array")
        }
        return try entries.enumerated().map { index, entry in
            guard let key = JWK(json: entry), entry["kid"]?.stringValue != nil else {
                throw Problem(
                    description:
                        "\(place): key \(index + 1) of jwks must be an RSA or P-384 (EC) public key with a kid")
            }
            return key
        }
    }
}
