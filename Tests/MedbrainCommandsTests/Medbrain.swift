import Foundation
import TestSupport

/// Runs the built `medbrain` executable, which sits beside the test bundle.
enum Medbrain {
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    static var executable: URL { executable(named: "medbrain") }

    /// A product built beside the test bundle (`medbrain`, `medbrain-fuzz`).
    static func executable(named name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the test binary sits inside an .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
            || directory.lastPathComponent == "Contents"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// The repository's root, for the transcripts and lessons it holds.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs a program, waiting for it on a thread of its own.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], program: String = "medbrain"
    ) async throws -> Run {
        try await offThePool {
            try runBlocking(arguments, input: input, environment: environment, program: program)
        }
    }

    private static func runBlocking(
        _ arguments: [String], input: String?, environment: [String: String], program: String
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable(named: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }
}
