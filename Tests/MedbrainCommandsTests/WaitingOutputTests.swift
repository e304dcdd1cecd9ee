import Foundation
import TestSupport
import Testing

/// What the REPL says before it waits on something outside the process reaches a pipe at
/// once: `medbrain | tee log` shows the authorization URL while the login waits for the
/// browser, not when it ends. Standard output is written unbuffered (`Output`), so nothing
/// waits in a buffer; this holds it to that.
/// A hang is caught at three minutes: on two busy cores, starting a debug `medbrain` took over one.
@Suite(.timeLimit(.minutes(3))) struct WaitingOutputTests {
    @Test func theAuthorizationURLIsReadWhileTheLoginWaits() async throws {
        let process = Process()
        process.executableURL = Medbrain.executable
        // A browser that opens nothing: the login waits for an answer that does not come.
        process.environment = ProcessInfo.processInfo.environment.merging(["BROWSER": "true"]) { $1 }
        let (stdin, stdout) = (Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, Pipe())
        try process.run()
        defer { process.terminate() }
        stdin.fileHandleForWriting.write(
            Data("set timeout 120\nconnect builtin r4 --auth smart\nlogin --smart\n".utf8))
        // A URL that never comes fails the test rather than hanging it.
        DispatchQueue.global().asyncAfter(deadline: .now() + BusyMachine.requestTimeout) {
            if process.isRunning { process.terminate() }
        }
        let text = try await offThePool {
            Self.text(from: stdout.fileHandleForReading, until: "/auth/authorize?")
        }
        let line = text.split(separator: "\n").first { $0.contains("/auth/authorize?") }
        #expect(line?.contains("code_challenge_method=S256") == true)
        // Still waiting for the browser, with standard input still open.
        #expect(process.isRunning)
    }

    /// What `handle` gave until a line holding `wanted` ended (all of it if the pipe closed first).
    static func text(from handle: FileHandle, until wanted: String) -> String {
        var text = ""
        while !text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(where: {
            $0.contains(wanted)
        }) {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
