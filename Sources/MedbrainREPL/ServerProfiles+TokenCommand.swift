import Foundation

/// A profile's `token-command`: a bearer token from another program, such as a password
/// manager or a cloud's command line, so no token is written in the profiles file.
extension ServerProfiles {
    /// The first line a token command prints (`pass show hapi`, `gcloud auth print-access-token`),
    /// waiting no longer than a request would; its errors become one line.
    static func token(running command: String, for name: String, timeout: Double) throws -> String {
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
