import FHIRModel
import Foundation

/// Where SMART logins are kept between sessions: one JSON file of entries by base URL, created
/// readable by its owner alone (mode 600) before any secret is written into it.
public struct SMARTTokenFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `smart-tokens.json` in the folder of the server profiles file, which holds secrets too.
    public init(serversPath: String) {
        self.init(path: (serversPath as NSString).deletingLastPathComponent + "/smart-tokens.json")
    }

    /// Keeps `login` under its base URL (nil forgets it).
    public func keep(_ login: SMARTLogin?, for baseURL: String) throws {
        var entries = read()
        entries[baseURL] = login.map(Self.entry)
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = JSONValue.object(JSONObject(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            .prettyBytes
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The login kept for `baseURL` by an earlier session, if any.
    public func kept(for baseURL: String) -> SMARTLogin? {
        read()[baseURL].flatMap { SMARTLogin(kept: $0, baseURL: baseURL) }
    }

    private static func entry(_ login: SMARTLogin) -> JSONValue {
        var entry: [(String, JSONValue)] = [
            ("client_id", .string(login.clientID)), ("token_endpoint", .string(login.tokenURL)),
            ("access_token", .string(login.accessToken)),
            ("expires", .number(String(Int(login.expires.timeIntervalSince1970)))), ("scope", .string(login.scope)),
        ]
        if let refresh = login.refreshToken { entry.append(("refresh_token", .string(refresh))) }
        if let patient = login.patient { entry.append(("patient", .string(patient))) }
        if let user = login.fhirUser { entry.append(("fhir_user", .string(user))) }
        if let key = login.backendKey {
            entry.append(("key_file", .string(key.file)))
            if let kid = key.kid { entry.append(("kid", .string(kid))) }
        }
        return .object(JSONObject(entry))
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
