import FHIRClient
import FHIRModel
import Foundation

/// Named FHIR servers from the user's config file, so `connect hapi` needs no URL or token:
///
///     [hapi]
///     url = https://hapi.fhir.org/baseR4
///     version = r4              # used when the metadata does not say
///     token = eyJhbGciOi…       # or token-command = pass show hapi, or user = … and password = …
///
/// A file that holds a secret must be readable by its owner alone, as ssh insists for keys.
struct ServerProfiles {
    struct Profile: Equatable {
        var name: String
        var url = ""
        var version: FHIRVersion?
        var token: String?
        var tokenCommand: String?
        var user: String?
        var password: String?

        var holdsSecret: Bool { token != nil || password != nil }

        /// What makes the profile unusable, said so it can be fixed.
        var problem: String? {
            if url.isEmpty { return "has no url" }
            if token?.isEmpty == true { return "has an empty token" }
            if token != nil, tokenCommand != nil { return "has both token and token-command; keep one" }
            if (token != nil || tokenCommand != nil), user != nil { return "has both a token and a user; keep one" }
            if user != nil, password == nil { return "has a user but no password" }
            if password != nil, user == nil { return "has a password but no user" }
            return nil
        }

        /// How it authenticates, without the secret: `bearer token`, `basic (alice)`, `none`.
        var authentication: String {
            if token != nil || tokenCommand != nil { return "bearer token" + (tokenCommand == nil ? "" : " (command)") }
            return user.map { "basic (\($0))" } ?? "none"
        }
    }

    let path: String
    let profiles: [Profile]

    /// `$MEDBRAIN_SERVERS`, else `$XDG_CONFIG_HOME/medbrain/servers`, else `~/.config/medbrain/servers`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["MEDBRAIN_SERVERS"], !path.isEmpty { return path }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return config + "/medbrain/servers"
    }

    /// The profiles in `path`; none when the file does not exist.
    static func load(from path: String) throws(FileError) -> ServerProfiles {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return ServerProfiles(path: path, profiles: [])
        }
        if isFolder.boolValue { throw FileError(file: path, problem: "a folder, not a file of server profiles") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { throw FileError(file: path, problem: "cannot read it as UTF-8 text") }
        let profiles = try parse(text, path: path)
        if profiles.contains(where: \.holdsSecret), let mode = permissions(of: path), mode & 0o077 != 0 {
            throw FileError(
                file: path,
                problem:
                    "holds secrets but others may read it (mode \(String(mode, radix: 8))); 'chmod 600 \(path)' first")
        }
        return ServerProfiles(path: path, profiles: profiles)
    }

    static func parse(_ text: String, path: String) throws(FileError) -> [Profile] {
        var profiles: [Profile] = []
        // Lines may end in CRLF (a file written on Windows).
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let problem = { (text: String) in FileError(file: path, line: index + 1, problem: text) }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else { throw problem("a section is [NAME]") }
                let name = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                guard !name.contains(where: \.isWhitespace) else {
                    throw problem("a profile's name is one word, as 'connect NAME' takes it")
                }
                guard !profiles.contains(where: { $0.name == name }) else {
                    throw problem("[\(name)] is named twice")
                }
                profiles.append(Profile(name: name))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw problem("expected KEY = VALUE") }
            guard !profiles.isEmpty else { throw problem("'\(line)' comes before any [NAME]") }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            do { try set(key, value, in: &profiles[profiles.count - 1]) } catch { throw problem(error.description) }
        }
        for profile in profiles {
            if let problem = profile.problem { throw FileError(file: path, problem: "[\(profile.name)] \(problem)") }
        }
        return profiles
    }

    private static func set(_ key: String, _ value: String, in profile: inout Profile) throws(REPLError) {
        switch key {
        case "url": profile.url = value
        case "version":
            guard let version = FHIRVersion(rawValue: value.lowercased()) else {
                throw REPLError("version is \(FHIRVersion.listed(lowercased: true))")
            }
            profile.version = version
        case "token": profile.token = value
        case "token-command": profile.tokenCommand = value
        case "user": profile.user = value
        case "password": profile.password = value
        default:
            throw REPLError("unknown key '\(key)'; keys are url, version, token, token-command, user, password")
        }
    }

    private static func permissions(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    func profile(_ name: String) -> Profile? { profiles.first { $0.name == name } }
}
