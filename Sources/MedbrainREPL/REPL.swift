import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// Medbrain's interactive session: one command per line, the tutorial's six steps.
///
/// Each command prints what the tutorial's screen shows, or one line of error; the session
/// goes on either way. `execute` reports failure so a piped script can exit non-zero.
public final class REPL {
    var session = Session()
    let console: Console
    let servers: BuiltinServers
    let languages: LanguageCatalog
    /// Polled while a command runs: true when the user asked to cancel it (Ctrl-C).
    let interrupted: (@Sendable () -> Bool)?
    /// Set by `quit`.
    public private(set) var isFinished = false

    /// `now` fixes the built-in server's clock, so lessons and tests are reproducible.
    public init(
        console: Console, now: Date? = nil, languages: LanguageCatalog = .standard(),
        interrupted: (@Sendable () -> Bool)? = nil
    ) {
        self.console = console
        self.interrupted = interrupted
        servers = BuiltinServers(now: now)
        self.languages = languages
    }

    /// Runs one line; false when the command failed (its error already printed).
    @discardableResult
    public func execute(_ line: String) async -> Bool {
        do {
            let words = try CommandWords.split(line)
            guard let name = words.first else { return true }
            let watcher = watchForInterrupt()
            defer { watcher?.cancel() }
            try await run(name.lowercased(), Array(words.dropFirst()))
            return true
        } catch let error as REPLError {
            console.error("error: \(error)\n")
        } catch let error as ClientError {
            console.error("error: \(error)\n")
        } catch {
            console.error("error: \(error)\n")
        }
        return false
    }

    /// Runs every line (stopping at `quit`) and answers the exit status: 1 if any command failed.
    public func run(lines: some Sequence<String>) async -> Int32 {
        var failed = false
        for line in lines {
            if !(await execute(line)) { failed = true }
            if isFinished { break }
        }
        await shutdown()
        return failed ? 1 : 0
    }

    /// While a command runs, Ctrl-C cancels the client's requests; the command then fails
    /// with "cancelled" and the session goes on.
    private func watchForInterrupt() -> Task<Void, Never>? {
        guard let interrupted, let client = session.client else { return nil }
        return Task {
            while !Task.isCancelled {
                if interrupted() { return client.cancelRequests() }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Stops the built-in servers.
    public func shutdown() async { await servers.stopAll() }

    private func run(_ name: String, _ arguments: [String]) async throws {
        switch name {
        case "help", "?": try help(arguments)
        case "connect": try await connect(arguments)
        case "disconnect": disconnect()
        case "login": try await login(arguments)
        case "logout": logout()
        case "whoami": try whoami()
        case "orders": try await orders(arguments)
        case "order": try order(arguments)
        case "instructions": try instructions(arguments)
        case "administrations": try await administrations(arguments)
        case "group": try await group(arguments)
        case "administer": try await administer(arguments)
        case "set": try set(arguments)
        case "trace": try trace(arguments)
        case "quit", "exit": isFinished = true
        default: throw REPLError(CommandCatalog.unknown(name))
        }
    }
}
