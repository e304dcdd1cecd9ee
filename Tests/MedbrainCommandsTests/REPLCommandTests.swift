import Foundation
import Testing

/// `medbrain` as scripts use it: options, JSON from the first line, a reader that leaves early.
@Suite("medbrain for scripts")
struct REPLCommandTests {
    /// Every line of standard output is part of one JSON value or the next.
    @Test func formatJSONFromTheFirstLine() async throws {
        let run = try await Medbrain.run(["--format", "json", "--fhir-version", "r4"], input: "login\nhelp\nquit\n")
        #expect(run.status == 0)
        var values: [Any] = []
        var rest = Substring(run.output)
        // Values follow one another; each ends with a line holding only `}` or `]`.
        while let end = rest.range(of: "\n}\n") ?? rest.range(of: "\n]\n") {
            values.append(try JSONSerialization.jsonObject(with: Data(rest[..<end.upperBound].utf8)))
            rest = rest[end.upperBound...]
        }
        #expect(rest.isEmpty, "left over: \(rest)")
        #expect(values.count == 4)  // settings, server, patient, help
    }

    @Test func theVersionOptionIsForTheBuiltInServer() async throws {
        let run = try await Medbrain.run(["--server", "http://127.0.0.1:1/fhir", "--fhir-version", "r4"], input: "")
        #expect(run.status == 64)
        #expect(run.error.contains("--fhir-version is for the built-in server; a server at a URL says its own"))
    }

    /// A URL with a quote reaches connect as it is, not as words to split.
    @Test func aServerURLNeedsNoQuoting() async throws {
        let run = try await Medbrain.run(["--server", "http://127.0.0.1:1/a\"b"], input: "")
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: cannot reach http://127.0.0.1:1/a%22b/metadata"), "\(run.error)")
    }

    /// `medbrain … | head -1`: the reader goes, and medbrain ends without a word.
    @Test func aReaderThatLeavesEarly() async throws {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-pipe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "printf 'login\\norders\\nadministrations 1\\nadministrations 1\\n' | '\(Medbrain.executable.path)' "
                + "2>'\(errors.path)' | head -1",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let first = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(first.hasPrefix("connected to http://127.0.0.1:"))
        #expect(try String(contentsOf: errors, encoding: .utf8) == "")
    }
}
