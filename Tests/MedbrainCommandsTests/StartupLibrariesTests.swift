import Foundation
import Testing

/// libcurl is opened at the first request, not linked: a `medbrain` that starts and ends
/// without asking a server anything loads neither it nor the libraries it needs (glibc's
/// loader says what it loads under `LD_DEBUG=libs`).
@Suite("the libraries a start loads")
struct StartupLibrariesTests {
    #if os(Linux)
        @Test func aStartWithoutRequestsLoadsNoLibcurl() async throws {
            let run = try await Medbrain.run(["--version"], environment: ["LD_DEBUG": "libs"])
            #expect(run.status == 0)
            #expect(run.error.contains("calling init:"), "LD_DEBUG said nothing: \(run.error.prefix(200))")
            #expect(!run.error.contains("libcurl"))
        }

        /// The built-in server is reached over SwiftNIO, as any `http://` server is: the REPL's
        /// start connects to it and still loads no libcurl.
        @Test func theBuiltInServerNeedsNoLibcurl() async throws {
            let run = try await Medbrain.run(
                ["--fhir-version", "r4"], input: "login\n", environment: ["LD_DEBUG": "libs"])
            #expect(run.status == 0)
            #expect(run.output.contains("logged in"))
            #expect(!run.error.contains("libcurl"))
        }

        /// The same check sees libcurl once an `https://` request is made, so it can fail.
        @Test func theFirstSecureRequestLoadsIt() async throws {
            let run = try await Medbrain.run(
                ["--server", "https://127.0.0.1:1/fhir"], input: "", environment: ["LD_DEBUG": "libs"])
            #expect(run.status == 1)
            #expect(run.error.contains("libcurl.so.4"))
            #expect(run.error.contains("error: cannot reach https://127.0.0.1:1/fhir/metadata: connection refused"))
        }
    #endif
}
