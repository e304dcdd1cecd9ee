import Foundation

/// Where a login's authorization page opens: the browser the user named, the desktop's, or none
/// (the printed URL is then the way: a terminal on a server, over ssh).
public enum SystemBrowser {
    /// Opens `url` with `$BROWSER` when it is set, else with the desktop's opener when there is one.
    @Sendable public static func open(_ url: String) {
        guard let command = command(for: url, environment: ProcessInfo.processInfo.environment),
            let program = command.first
        else { return }
        let process = Process()
        // A bare name is looked up on PATH, as a shell would.
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// The command that opens `url`: `$BROWSER` as Python's webbrowser and git read it (the first
    /// of a `:`-separated list, its words split on spaces, `%s` the URL or the URL added last),
    /// else the desktop's opener; nil when there is neither.
    public static func command(for url: String, environment: [String: String]) -> [String]? {
        if let list = environment["BROWSER"],
            let first = list.split(separator: ":").first?.split(separator: " ").map(String.init), !first.isEmpty
        {
            guard first.contains(where: { $0.contains("%s") }) else { return first + [url] }
            return first.map { $0.replacingOccurrences(of: "%s", with: url) }
        }
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return nil }
            let opener = "/usr/bin/xdg-open"
        #endif
        return FileManager.default.isExecutableFile(atPath: opener) ? [opener, url] : nil
    }
}
