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
        guard arguments.isEmpty else { throw UsageError() }
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
                + TextTable(
                    header: ["name", "url", "version", "authentication"], rows: rows, whole: ["name", "url", "version"]
                ).render(
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
        if let command = profile.tokenCommand {
            return .bearer(token: try Self.run(command, for: profile.name, timeout: settings.current.timeout))
        }
        if let user = profile.user { return .basic(user: user, password: profile.password ?? "") }
        return nil
    }

    /// The first line a token command prints (`pass show hapi`, `gcloud auth print-access-token`),
    /// waiting no longer than a request would; its errors become one line.
    static func run(_ command: String, for name: String, timeout: Double) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw REPLError("the token command of '\(name)' did not start: \(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else {
            process.terminate()
            throw REPLError("the token command of '\(name)' did not finish within \(Settings.seconds(timeout))")
        }
        let firstLine = { (pipe: Pipe) in
            String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self).split(separator: "\n").first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        guard process.terminationStatus == 0 else {
            let said = firstLine(errors)
            throw REPLError(
                "the token command of '\(name)' failed (exit status \(process.terminationStatus))"
                    + (said.isEmpty ? "" : ": \(said.prefix(200))"))
        }
        let token = firstLine(output)
        guard !token.isEmpty else { throw REPLError("the token command of '\(name)' printed nothing") }
        return token
    }
}
