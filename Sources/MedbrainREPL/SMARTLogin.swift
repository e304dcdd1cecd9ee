import FHIRClient
import FHIRModel
import Foundation

/// A SMART login of this session: what the token endpoint granted. The tokens are never
/// printed, traced or written to history; they live here and, for a refresh after a restart,
/// in a file only the user can read (``SMARTTokenFile``).
struct SMARTLogin: Sendable, CustomStringConvertible {
    let baseURL: String
    let clientID: String
    let tokenURL: String
    var accessToken: String
    var refreshToken: String?
    var expires: Date
    var scope: String
    var patient: String?
    /// The user the `id_token` names (`fhirUser`), once its signature and claims checked out.
    var fhirUser: String?
    /// A backend service's key file and kid (`login --backend`): it has no refresh token, and
    /// renews by signing a new assertion.
    var signingKey: (file: String, kid: String?)?

    /// Reads a token response; nil without an access token.
    init?(
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
        signingKey = previous?.signingKey
    }

    /// A login as `SMARTTokenFile` kept it; nil when the entry lacks what a login needs.
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
        signingKey = entry["key_file"]?.stringValue.map { ($0, entry["kid"]?.stringValue) }
    }

    /// Never the tokens.
    var description: String { "SMART login at \(baseURL) as \(clientID)" }

    /// Whether the token can be renewed without the user: by a refresh token or a new assertion.
    var renewable: Bool { refreshToken != nil || signingKey != nil }

    /// Whether the token should be renewed before a request: it ends within a minute.
    func needsRefresh(at now: Date) -> Bool { renewable && expires.timeIntervalSince(now) < 60 }
}

extension JSONValue {
    /// A number's literal text.
    fileprivate var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}

/// Where SMART logins are kept between sessions: one JSON file beside the server profiles,
/// created readable by its owner alone (mode 600), as the profiles file must be when it holds
/// a secret.
struct SMARTTokenFile {
    let path: String

    /// `tokens.json` in the folder of the server profiles file.
    init(serversPath: String) {
        path = (serversPath as NSString).deletingLastPathComponent + "/smart-tokens.json"
    }

    /// Keeps `login` under its base URL (nil forgets it).
    func keep(_ login: SMARTLogin?, for baseURL: String) throws {
        var entries = read()
        if let login {
            var entry: [(String, JSONValue)] = [
                ("client_id", .string(login.clientID)), ("token_endpoint", .string(login.tokenURL)),
                ("access_token", .string(login.accessToken)),
                ("expires", .number(String(Int(login.expires.timeIntervalSince1970)))),
                ("scope", .string(login.scope)),
            ]
            if let refresh = login.refreshToken { entry.append(("refresh_token", .string(refresh))) }
            if let patient = login.patient { entry.append(("patient", .string(patient))) }
            if let user = login.fhirUser { entry.append(("fhir_user", .string(user))) }
            if let key = login.signingKey {
                entry.append(("key_file", .string(key.file)))
                if let kid = key.kid { entry.append(("kid", .string(kid))) }
            }
            entries[baseURL] = .object(JSONObject(entry))
        } else {
            entries[baseURL] = nil
        }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = JSONValue.object(JSONObject(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            .prettyBytes
        // Made readable by the owner alone before the secret is written into it.
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The login kept for `baseURL` by an earlier session, if any.
    func kept(for baseURL: String) -> SMARTLogin? {
        read()[baseURL].flatMap { SMARTLogin(kept: $0, baseURL: baseURL) }
    }

    private func read() -> [String: JSONValue] {
        guard let data = FileManager.default.contents(atPath: path),
            case .object(let object) = try? JSONParser.parse(Array(data))
        else { return [:] }
        var entries: [String: JSONValue] = [:]
        for (key, value) in object.members { entries[key] = value }
        return entries
    }
}
