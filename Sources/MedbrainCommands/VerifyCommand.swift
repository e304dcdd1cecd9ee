import ArgumentParser
import Foundation
import MedbrainREPL
import MedbrainWorkbook

/// `medbrain verify [PATH…]`: replays transcripts on a fresh built-in server and compares.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Replay transcripts against a fresh built-in server and compare their output.",
        discussion: """
            Each PATH is a transcript or a folder of them (*.txt). A step that prints something \
            else is shown as file:line and a unified diff, and the exit status is 1. --record \
            rewrites the output of those steps with what they printed (refused when CI is set).
            """
    )

    @Argument(help: "Transcripts or folders of transcripts.")
    var paths: [String] = ["transcripts"]

    @Flag(help: "Rewrite the expected output of steps that differ.")
    var record = false

    func run() async throws {
        if record, !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty {
            throw CommandFailure("refusing to re-record transcripts with CI set")
        }
        let files = try TranscriptFiles.find(paths)
        let workbook = Workbook.load(from: Workbook.defaultFolder())
        var (differing, steps) = (0, 0)
        for file in files {
            let text = String(decoding: try CommandInput.read(file, limit: Transcript.maximumFileSize), as: UTF8.self)
            let transcript: Transcript
            do { transcript = try Transcript(parsing: text, file: file) } catch { throw CommandFailure("\(error)") }
            let run = await TranscriptRun.run(transcript, workbook: workbook, launch: BuiltinServers.launchInProcess)
            steps += transcript.steps.count
            guard !run.matched else {
                Output.standardOutput("ok    \(file) (\(transcript.steps.count) steps)\n")
                continue
            }
            differing += 1
            if record {
                try run.recorded.write(toFile: file, atomically: true, encoding: .utf8)
                Output.standardOutput("again \(file): re-recorded\n")
            } else {
                Output.standardOutput("FAIL  \(file)\n" + run.mismatches(file: file).joined(separator: "\n") + "\n")
            }
        }
        Output.standardOutput(
            "\(files.count) transcript\(files.count == 1 ? "" : "s"), \(steps) steps: "
                + (differing == 0 ? "all match\n" : "\(differing) \(record ? "re-recorded" : "differ")\n"))
        if differing > 0, !record { throw ExitCode(1) }
    }
}

/// Transcript paths: files as given, folders searched for `*.txt`, in name order.
enum TranscriptFiles {
    static func find(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CommandFailure("no such transcript or folder: \(path)")
            }
            guard isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".txt") && !$0.hasSuffix("README.txt") }.sorted().map {
                (path.hasSuffix("/") ? path : path + "/") + $0
            }
        }
    }
}
