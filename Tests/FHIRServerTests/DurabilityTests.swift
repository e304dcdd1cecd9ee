import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `medbrain serve --data FILE` loses no acknowledged write, even to `kill -9`.
@Suite("durability of the data file", .serialized)
struct DurabilityTests {
    @Test func killNineLosesNoAcknowledgedWrite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataPath = folder.appendingPathComponent("store.json").path

        let first = try ServerProcess(arguments: ["serve", "--port", "0", "--data", dataPath, "--fhir-version", "r4"])
        let client = TestClient(baseURL: first.baseURL)
        let acknowledged = Acknowledged()
        // Until the kill, a failed write is retried: on a loaded machine the first requests can
        // time out or be refused while the server is still starting. Its reason is kept for the
        // message should nothing be acknowledged at all.
        let writers = (0..<4).map { _ in
            Task {
                while !Task.isCancelled, await !acknowledged.killed {
                    if let id = await Self.write(client, noting: acknowledged) {
                        await acknowledged.add(id)
                    } else {
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
            }
        }
        // Kill once some writes are acknowledged. On CI's two busy cores, beside the suite's
        // heaviest tests, the first can take more than a minute: the wait for it is as long as
        // a test request's, and once one is in, ten more seconds at most for ten.
        let firstDeadline = ContinuousClock.now + .seconds(2 * BusyMachine.requestTimeout)
        var enough: ContinuousClock.Instant?
        repeat {
            try await Task.sleep(for: .milliseconds(200))
            if enough == nil, await !acknowledged.ids.isEmpty { enough = ContinuousClock.now + .seconds(10) }
        } while await acknowledged.ids.count < 10 && ContinuousClock.now < (enough ?? firstDeadline)
        await acknowledged.markKilled()
        first.kill()
        for writer in writers { await writer.value }
        let ids = await acknowledged.ids
        let firstFailure = await acknowledged.firstFailure ?? "none"
        #expect(
            ids.count > 0,
            "no write acknowledged in \(2 * BusyMachine.requestTimeout) s; the first failure: \(firstFailure)")

        #expect((try? JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dataPath))))) != nil)
        let second = try ServerProcess(arguments: ["serve", "--port", "0", "--data", dataPath, "--fhir-version", "r4"])
        defer { second.kill() }
        let reader = TestClient(baseURL: second.baseURL)
        for id in ids {
            #expect(try await reader.get("MedicationAdministration/\(id)").status == 200, "lost \(id)")
        }
        #expect(try await reader.get("Patient/f001").status == 200)
    }
}

extension DurabilityTests {
    /// One create; its id when the server acknowledged it, nil (the reason noted) otherwise.
    static func write(_ client: TestClient, noting acknowledged: Acknowledged) async -> String? {
        do {
            let response = try await client.send(
                "POST", "MedicationAdministration", body: FHIRVersion.r4.administration())
            if response.status == 201, let id = response.json?["id"]?.stringValue { return id }
            await acknowledged.failed("status \(response.status): \(response.outcomeText)")
        } catch {
            await acknowledged.failed("\(error)")
        }
        return nil
    }
}

/// What the writers were told: the ids acknowledged, and why the first write that failed did.
actor Acknowledged {
    private(set) var ids: [String] = []
    private(set) var firstFailure: String?
    /// Set just before the kill: failures from then on are the kill's, and writers stop.
    private(set) var killed = false

    func add(_ id: String) { ids.append(id) }
    func failed(_ reason: String) {
        if !killed, firstFailure == nil { firstFailure = reason }
    }
    func markKilled() { killed = true }
}

/// The `medbrain` executable running as a child process.
final class ServerProcess: Sendable {
    let baseURL: String
    private let process: Process

    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var firstLine = Data()
        while !firstLine.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let text = String(decoding: firstLine, as: UTF8.self)
        guard let range = text.range(of: #"http://\S+"#, options: .regularExpression) else {
            process.terminate()
            throw ServerStartError(message: "no base URL in: \(text)")
        }
        baseURL = String(text[range])
        self.process = process
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The `medbrain` built beside the test bundle, or `$MEDBRAIN_BIN`.
    static func executable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["MEDBRAIN_BIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("medbrain")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        throw ServerStartError(message: "cannot find the medbrain executable next to the tests")
    }
}
