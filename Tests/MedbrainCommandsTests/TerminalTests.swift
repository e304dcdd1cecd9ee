import Foundation
import TestSupport
import Testing

/// The REPL in a real pseudo-terminal (through `script`), typed at like a person would.
@Suite("medbrain on a terminal", .serialized)
struct TerminalTests {
    /// Sends each chunk after a pause (libedit reads keys, not lines) and returns the screen.
    static func typing(_ chunks: [String], history: URL, arguments: [String] = []) async throws -> String {
        try await offThePool { try typingBlocking(chunks, history: history, arguments: arguments) }
    }

    private static func typingBlocking(_ chunks: [String], history: URL, arguments: [String]) throws -> String {
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
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        for chunk in chunks {
            input.fileHandleForWriting.write(Data(chunk.utf8))
            Thread.sleep(forTimeInterval: 0.7)
        }
        try input.fileHandleForWriting.close()
        let screen = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: screen, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
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
            arguments: ["replay", "--step", "--delay", "5", transcript])
        #expect(screen.contains("Keys: Enter goes on"))
        #expect(screen.contains("medbrain> login\nlogged in as Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)"))
        #expect(!screen.contains("born    1961-12-24"), "\(screen)")
    }
}
