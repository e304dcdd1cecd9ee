import FHIRModel
import Foundation

/// A SMART login: what the token endpoint granted. The tokens are never printed, traced or
/// written to history; they live here and, for a refresh after a restart, in a file only the
/// user can read (``SMARTTokenFile``).
public struct SMARTLogin: Sendable, CustomStringConvertible {
    /// A backend service's private key: the file it is read from when a new assertion is signed,
    /// and the key id its JWKS gives it.
    public struct BackendKey: Sendable, Equatable {
        public var file: String
        public var kid: String?

        public init(file: String, kid: String?) {
            self.file = file
            self.kid = kid
        }
    }

    public let baseURL: String
    public let clientID: String
    public let tokenURL: String
    public var accessToken: String
    public var refreshToken: String?
    public var expires: Date
    public var scope: String
    public var patient: String?
    /// The user the `id_token` names (`fhirUser`), once its signature and claims checked out.
    public var fhirUser: String?
    /// A backend service's key: it has no refresh token, and renews by signing a new assertion.
    public var backendKey: BackendKey?

    /// Reads a token response; nil without an access token. What the answer leaves out of a
    /// renewal (the refresh token, the scope, the patient) stays as `previous` had it.
    public init?(
        _ answer: JSONValue, baseURL: String, clientID: String, tokenURL: String, now: Date, previous: SMARTLogin? = nil
    ) {
        guard let token = answer["access_token"]?.stringValue, !token.isEmpty else { return nil }
        self.baseURL = baseURL
        self.clientID = clientID
        self.tokenURL = tokenURL
        accessToken = token
        refreshToken = answer["refresh_token"]?.stringValue ?? previous?.refreshToken
        let seconds = answer["expires_in"].flatMap { Double($0.numberText ?? "") } ?? 3600
        expires = now + seconds
        scope = answer["scope"]?.stringValue ?? previous?.scope ?? ""
        patient = answer["patient"]?.stringValue ?? previous?.patient
        fhirUser = previous?.fhirUser
        backendKey = previous?.backendKey
    }

    /// A login as ``SMARTTokenFile`` kept it; nil when the entry lacks what a login needs.
    init?(kept entry: JSONValue, baseURL: String) {
        guard let clientID = entry["client_id"]?.stringValue, let tokenURL = entry["token_endpoint"]?.stringValue,
            let token = entry["access_token"]?.stringValue, case .number(let seconds)? = entry["expires"],
            let expires = TimeInterval(seconds)
        else { return nil }
        self.baseURL = baseURL
        self.clientID = clientID
        self.tokenURL = tokenURL
        accessToken = token
        refreshToken = entry["refresh_token"]?.stringValue
        self.expires = Date(timeIntervalSince1970: expires)
        scope = entry["scope"]?.stringValue ?? ""
        patient = entry["patient"]?.stringValue
        fhirUser = entry["fhir_user"]?.stringValue
        backendKey = entry["key_file"]?.stringValue.map { BackendKey(file: $0, kid: entry["kid"]?.stringValue) }
    }

    /// Never the tokens.
    public var description: String { "SMART login at \(baseURL) as \(clientID)" }

    /// Whether the token can be renewed without the user: by a refresh token or a new assertion.
    public var renewable: Bool { refreshToken != nil || backendKey != nil }

    /// Whether the token should be renewed before a request: it ends within a minute.
    public func needsRefresh(at now: Date) -> Bool { renewable && expires.timeIntervalSince(now) < 60 }

    /// Tokens cross the network only encrypted: http is for a server on this machine.
    public static func requireEncrypted(_ url: String) throws(SMARTLoginError) {
        guard let parts = URLComponents(string: url), parts.scheme?.lowercased() == "http" else { return }
        let host = (parts.host ?? "").lowercased()
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let loopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        guard host == "localhost" || host == "::1" || host == "[::1]" || loopbackIPv4 else {
            throw .clearText(host: host)
        }
    }
}

extension JSONValue {
    /// A number's literal text.
    fileprivate var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
