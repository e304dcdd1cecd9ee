import FHIRClient
import FHIRModel
import Foundation

/// Named servers: `servers` lists the profiles, `connect NAME` uses one with its credentials.
extension REPL {
    /// Where `connect` goes: the URL, and a profile's credentials and assumed version.
    struct ConnectTarget {
        var url: String
        var credentials: Credentials?
        var assumedVersion: FHIRVersion?
    }

    func listServers(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw usage("servers") }
        let file = try ServerProfiles.load(from: serversPath)
        guard !file.profiles.isEmpty else {
            return say("no server profiles in \(file.path); a profile is [NAME] and a line url = BASE")
        }
        let rows = file.profiles.map {
            [$0.name, $0.url, $0.version?.displayName ?? "from metadata", $0.authentication]
        }
        show(
            .array(
                file.profiles.map {
                    [
                        "name": .string($0.name), "url": .string($0.url),
                        "version": Self.json($0.version?.rawValue), "authentication": .string($0.authentication),
                    ]
                }),
            lines: ["Server profiles in \(file.path):"]
                + TextTable(header: ["name", "url", "version", "authentication"], rows: rows).render(
                    width: console.width))
    }

    /// A profile named `name`, resolved to a URL and credentials; nil when there is none.
    func profileTarget(_ name: String) throws -> ConnectTarget? {
        let file = try ServerProfiles.load(from: serversPath)
        guard let profile = file.profile(name) else { return nil }
        return ConnectTarget(
            url: profile.url, credentials: try credentials(of: profile), assumedVersion: profile.version)
    }

    private func credentials(of profile: ServerProfiles.Profile) throws -> Credentials? {
        if let token = profile.token { return .bearer(token: token) }
        if let command = profile.tokenCommand { return .bearer(token: try Self.run(command, for: profile.name)) }
        if let user = profile.user { return .basic(user: user, password: profile.password ?? "") }
        return nil
    }

    /// The first line a token command prints (`pass show hapi`, `gcloud auth print-access-token`).
    static func run(_ command: String, for name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw REPLError("the token command of '\(name)' did not start: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw REPLError("the token command of '\(name)' failed (exit status \(process.terminationStatus))")
        }
        let token = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard !token.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw REPLError("the token command of '\(name)' printed nothing")
        }
        return token.trimmingCharacters(in: .whitespaces)
    }
}
