import Foundation
import TestSupport
import Testing

/// The REPL in a real pseudo-terminal (through `script`), typed at like a person would.
@Suite("medbrain on a terminal", .serialized)
struct TerminalTests {
    /// Sends each chunk as a person would: a line once the REPL prompts for it (`medbrain> `
    /// or `...> `), a key within a line after a pause (libedit reads keys, not lines); returns
    /// the screen. Waiting for the prompt, not a fixed time, keeps a slow first create on a
    /// busy machine from being cut short by the next key.
    /// `prompted`: false for a session that shows no prompt (`replay --step` waits for a key),
    /// where each chunk waits until the screen has been still for a second.
    static func typing(_ chunks: [String], history: URL, arguments: [String] = [], prompted: Bool = true)
        async throws -> String
    {
        try await offThePool {
            try typingBlocking(chunks, history: history, arguments: arguments, prompted: prompted)
        }
    }

    /// What the terminal has shown so far, filled in from the reader's thread.
    private final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Waits until nothing new has been shown for `quiet` seconds, or `seconds` have passed:
        /// a session with no prompt has read what it was sent and waits for the next key.
        func waitUntilQuiet(_ quiet: Double, seconds: Double) {
            let deadline = Date().addingTimeInterval(seconds)
            var (last, since) = (lock.withLock { data.count }, Date())
            while Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                let count = lock.withLock { data.count }
                if count != last {
                    (last, since) = (count, Date())
                } else if count > 0, Date().timeIntervalSince(since) >= quiet {
                    return
                }
            }
        }

        /// Waits until the last line shows a prompt, or `seconds` have passed.
        func waitForPrompt(seconds: Double) {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let lastLine =
                    text.replacingOccurrences(of: "\r", with: "").split(
                        separator: "\n", omittingEmptySubsequences: false
                    ).last ?? ""
                if lastLine.contains("medbrain> ") || lastLine.contains("...> ") { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    private static func typingBlocking(_ chunks: [String], history: URL, arguments: [String], prompted: Bool) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([Medbrain.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qc", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["MEDBRAIN_HISTORY"] = history.path
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let (input, output) = (Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, output)
        let screen = Screen()
        output.fileHandleForReading.readabilityHandler = { handle in screen.append(handle.availableData) }
        try process.run()
        for (index, chunk) in chunks.enumerated() {
            if !prompted {
                // A key sent before the session set its terminal up may be dropped with the
                // rest of the input then: wait until it has shown what it had to show.
                screen.waitUntilQuiet(1.0, seconds: 60)
            } else if index == 0 || chunks[index - 1].hasSuffix("\n") {
                screen.waitForPrompt(seconds: 60)
                // libedit sets the line up after the prompt is written.
                Thread.sleep(forTimeInterval: 0.2)
            } else {
                Thread.sleep(forTimeInterval: 0.7)
            }
            input.fileHandleForWriting.write(Data(chunk.utf8))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        screen.append(output.fileHandleForReading.readDataToEndOfFile())
        return screen.text.replacingOccurrences(of: "\r", with: "")
    }

    @Test func upArrowTabAndCtrlC() async throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-history-\(UUID())")
        defer { try? FileManager.default.removeItem(at: history) }
        let screen = try await Self.typing(
            ["logi\t\n", "\u{1B}[A\n", "who", "\u{03}", "whoami\n", "quit\n"], history: history)
        // Tab completed `logi` to `login`, and Up brought it back: two logins.
        #expect(screen.components(separatedBy: "logged in as").count == 3, "\(screen)")
        // Ctrl-C abandoned `who` without quitting: `whoami` ran on its own.
        #expect(screen.contains("who^C"))
        #expect(screen.contains("born    1961-12-24"))
        #expect(!screen.contains("whowhoami"))
        let saved = try String(contentsOf: history, encoding: .utf8)
        #expect(saved.split(separator: "\n").suffix(3) == ["login", "whoami", "quit"])
    }

    /// JSON pasted across lines is one command, prompted on with `...>`; Ctrl-C in the middle
    /// drops the whole command, and the next line is a command again.
    @Test func jsonPastedAcrossLines() async throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-history-\(UUID())")
        defer { try? FileManager.default.removeItem(at: history) }
        let screen = try await Self.typing(
            [
                "create Patient {\n", "  \"resourceType\": \"Patient\",\n", "  \"name\": [{\"family\": \"Pasted\"}]\n",
                "}\n", "fhirpath name.family\n", "create Patient {\n", "\u{03}", "fhirpath id\n", "quit\n",
            ], history: history, arguments: ["--fhir-version", "r4"])
        #expect(screen.contains("medbrain> create Patient {\n     ...>   \"resourceType\""), "\(screen)")
        #expect(screen.contains("created Patient/"), "\(screen)")
        #expect(screen.contains("string  Pasted"))
        // After Ctrl-C the next line ran as a command, on the resource created before. The
        // terminal may echo the `quit` typed next before the answer prints, on a busy machine.
        let ranAsCommand = #/     \.\.\.> \^C\nmedbrain> fhirpath id\n(quit\n)?id  /#
        #expect(screen.contains(ranAsCommand), "\(screen)")
        let saved = try String(contentsOf: history, encoding: .utf8)
        #expect(!saved.contains("resourceType"), "continuation lines stay out of the history: \(saved)")
    }

    /// `replay --step`: Enter runs the next command, `q` stops before the one after.
    @Test func replayStepByStep() async throws {
        let transcript = Medbrain.root.appendingPathComponent("transcripts/tutorial-r4.txt").path
        let screen = try await Self.typing(
            ["\n", "\n", "q"], history: URL(fileURLWithPath: "/dev/null"),
            arguments: ["replay", "--step", "--delay", "5", transcript], prompted: false)
        #expect(screen.contains("Keys: Enter goes on"))
        #expect(screen.contains("medbrain> login\nlogged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)"))
        #expect(!screen.contains("born    1961-12-24"), "\(screen)")
    }
}
