import AsyncHTTPClient
import FHIRServer
import Foundation
import MedbrainCommands
import MedbrainWeb
import MedbrainWorkbook
import NIOCore
import SMART

/// A class on one server (`serve --class`): STUDENTS students report EVENTS step events each over
/// HTTP, ten at a time as their REPLs do; then the instructor's grid, its refresh of the rows that
/// changed, and the exports are read, beside a student's patient page of the web view on the same
/// server (the page a projector shows without a class). Then each student starts three lessons
/// on the class server (``WorkspaceBenchmark``), beside starting a lesson's server on their own machine.
struct ClassBenchmark {
    let students: Int
    let events: Int
    let reads = 20

    func run() async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-bench-class-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // One hash for every student: scrypt is slow on purpose, and sign-in is not measured here.
        let hash = try PasswordHash.make("bench")
        let names = (1...students).map { String(format: "s%03d", $0) }
        let roster = "[" + names.map { #"{"username": "\#($0)", "password": "\#(hash)"}"# }.joined(separator: ",") + "]"
        let path = folder.appendingPathComponent("roster.json").path
        try roster.write(toFile: path, atomically: true, encoding: .utf8)
        let classRoster = try ClassRoster.read(path)
        var configuration = ServerConfiguration(version: .r4)
        configuration.extraResources = try ClassData.resources(for: classRoster, version: .r4)
        configuration.authorization = .smart(clients: [])
        configuration.signIn = .users(classRoster.users)
        let board = ClassBoard(name: "bench", roster: classRoster)
        let workspaces = ClassWorkspaces(
            make: ClassSetup.workspaceFactory(Workbook.load(from: Workbook.defaultFolder()), maximumBodySize: 8 << 20))
        let pages = ClassPages(board: board, workspaces: workspaces)
        let server = try await InProcessServer.start(configuration, pages: pages)
        defer { Task { await server.stop() } }
        let origin = String(server.baseURL.dropLast(FHIRService.basePath.count))
        let instructor = "Bearer " + String(pages.instructorAddress(origin: origin).split(separator: "=").last ?? "")
        let clock = ContinuousClock()
        var keys: [String: String] = [:]
        for name in names { keys[name] = try await board.join(approver: name).get().key }
        let lessons = ["03-login", "04-orders", "05-instructions", "06-administrations", "07-record-a-dose"]
        let kinds = ["started", "hint", "wrong", "solved"]
        let reporting = try await clock.measure {
            for batch in stride(from: 1, through: events, by: 10) {
                for name in names {
                    let items = (batch..<min(batch + 10, events + 1)).map { sequence in
                        #"{"sequence": \#(sequence), "time": "2026-11-29T10:00:00.000Z", "lesson": "\#(lessons[(sequence / 40) % 5])", "step": \#((sequence / 4) % 10 + 1), "kind": "\#(kinds[sequence % 4])", "detail": "answer \#(sequence)"}"#
                    }
                    _ = try await Self.send(
                        "POST", origin + "/class/events", body: #"{"events": [\#(items.joined(separator: ","))]}"#,
                        authorization: "Bearer " + (keys[name] ?? ""))
                }
            }
        }
        let total = students * events
        var lines = [
            "class: \(students) students x \(events) events reported over HTTP, 10 a request, in \(Self.ms(reporting)) ms: "
                + "\(Int(Double(total) / reporting.seconds)) events per second"
        ]
        var timed: [(String, Duration, Int)] = []
        let since = max(0, board.changeCount - 5)
        for (label, target) in [
            ("the grid page", "/class"), ("its rows refresh (5 students changed)", "/class/rows?since=\(since)"),
            ("the CSV export", "/class/progress.csv"), ("the JSON export", "/class/progress.json"),
            ("a student's patient page (the peer)", "/patients/\(names[0])"),
        ] {
            var size = 0
            let elapsed = try await clock.measure {
                for _ in 0..<reads { size = try await Self.send("GET", origin + target, authorization: instructor) }
            }
            timed.append((label, elapsed / reads, size))
        }
        let peer = timed.last?.1 ?? .zero
        for (label, each, size) in timed {
            lines.append(
                "class: \(label): \(Self.ms(each)) ms, \(size / 1024) KiB"
                    + (label.hasSuffix("(the peer)") ? "" : String(format: " (%.1f x the patient page)", each / peer)))
        }
        return lines + (try await WorkspaceBenchmark(origin: origin, keys: keys).run())
    }

    /// Sends a request and reads the whole body; its size.
    @discardableResult
    static func send(_ method: String, _ url: String, body: String? = nil, authorization: String) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        if !authorization.isEmpty { request.headers.add(name: "Authorization", value: authorization) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        guard response.status.code < 300 else {
            throw BenchFailure("\(method) \(url) answered \(response.status.code)")
        }
        return try await response.body.collect(upTo: 64 << 20).readableBytes
    }

    /// Opens `lesson`'s workspace with a student's key; the answer's body.
    static func open(_ origin: String, lesson: String, key: String) async throws -> String {
        var request = HTTPClientRequest(url: origin + "/class/workspaces")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer " + key)
        request.body = .bytes(ByteBuffer(string: #"{"lesson": "\#(lesson)", "fhirVersion": "dstu2"}"#))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        return String(buffer: try await response.body.collect(upTo: 1 << 16))
    }

    static func ms(_ duration: Duration) -> String { String(format: "%.1f", duration.seconds * 1000) }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
