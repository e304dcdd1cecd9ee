import ArgumentParser
import Foundation
import SMART

#if canImport(Glibc)
    import Glibc
#endif

/// `medbrain hash-password`: a password as a `--users` file keeps it, a salted scrypt hash.
/// The password is read from standard input, never from the command line, where `ps` and the
/// shell's history would show it; on a terminal it is not echoed.
struct HashPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash-password",
        abstract: "Print the scrypt hash of a password read from standard input, for serve --users.",
        discussion: """
            Example: medbrain hash-password, then type the password twice; or \
            printf '%s' \"$PASSWORD\" | medbrain hash-password
            """)

    func run() throws {
        let password: String
        if isatty(STDIN_FILENO) == 1 {
            let first = Self.readHidden("password: ")
            guard Self.readHidden("again: ") == first else { throw CommandFailure("the two passwords differ") }
            password = first
        } else {
            password = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .newlines)
        }
        guard !password.isEmpty else { throw CommandFailure("the password is empty") }
        do { Output.standardOutput(try PasswordHash.make(password) + "\n") } catch {
            throw CommandFailure(error.description)
        }
    }

    /// A line typed without echo; the terminal is given back as it was.
    static func readHidden(_ prompt: String) -> String {
        Output.standardError(prompt)
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            Output.standardError("\n")
        }
        return readLine(strippingNewline: true) ?? ""
    }
}
