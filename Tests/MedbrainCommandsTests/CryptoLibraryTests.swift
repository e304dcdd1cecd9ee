import Foundation
import Testing

/// libcrypto is opened by a versioned name at its first use; where it cannot be found, the
/// command that needs it says so in one line, and the rest of Medbrain works without it.
@Suite("libcrypto, and a machine without it")
struct CryptoLibraryTests {
    static let missing = ["MEDBRAIN_LIBCRYPTO": "/nonexistent/libcrypto.so.3"]

    @Test func hashPasswordSaysWhatIsMissing() async throws {
        let run = try await Medbrain.run(["hash-password"], input: "tutor-pass", environment: Self.missing)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("Error: passwords need OpenSSL's libcrypto"), "\(run.error)")
        #expect(run.error.split(separator: "\n").count == 1)
    }

    @Test func serveWithUsersSaysWhatIsMissing() async throws {
        let run = try await Medbrain.run(
            ["serve", "--port", "0", "--auth", "smart", "--users", "/dev/null"], environment: Self.missing)
        #expect(run.status == 1)
        #expect(run.error == "Error: --users needs OpenSSL's libcrypto to check passwords, and it was not found\n")
    }

    /// The same command with the library found: the hash verifies as the server reads it.
    @Test func hashPasswordWithTheLibrary() async throws {
        let run = try await Medbrain.run(["hash-password"], input: "tutor-pass\n")
        #expect(run.status == 0 && run.output.hasPrefix("scrypt$32768$8$1$"), "\(run.error)")
    }
}
