import FHIRModel
import FHIRServer
import Foundation
import MedbrainREPL
import MedicationTutorial

/// A patient with very many administrations: the tutorial's commands end to end against the
/// built-in server holding them, and the decode + group step alone on searchset pages.
struct ScaleBenchmark {
    /// Administrations on the server for the end-to-end run.
    let served: Int
    /// Administrations decoded and grouped from pages in memory.
    let decoded: Int
    /// Where to write the first pages for another client to parse (`bench/run` gives them to
    /// fhirclient), and how many.
    let pagesFolder: String?
    let pagesWritten: Int

    func endToEnd() async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-scale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("scale.json").path
        let administrations = AdministrationPages(count: served, order: "ord-01").resources
        try StoreFile(path: data).save(try BuiltinDataset.resources(for: .r4) + administrations)
        let clock = ContinuousClock()
        var server: InProcessServer?
        let starting = try await clock.measure {
            server = try await InProcessServer.start(ServerConfiguration(version: .r4, dataPath: data))
        }
        guard let server else { return [] }
        let printed = Printed()
        let repl = REPL(
            console: Console(width: 100, output: { printed.add($0) }, error: { printed.add($0) }),
            now: Date(timeIntervalSince1970: 1_471_334_400))
        var lines = ["scale: server with \(served) administrations started in \(Self.ms(starting)) ms"]
        var total = Swift.Duration.zero
        for command in ["connect \(server.baseURL)", "login", "orders", "administrations 1", "group week 1"] {
            var succeeded = false
            let elapsed = await clock.measure { succeeded = await repl.execute(command) }
            total += elapsed
            let problem = succeeded ? "" : " FAILED: \(printed.take().suffix(200))"
            lines.append(
                "scale: \(command.hasPrefix("connect") ? "connect" : command): \(Self.ms(elapsed)) ms\(problem)")
            _ = printed.take()
        }
        lines.append("scale: end to end, \(served) administrations: \(Self.ms(total)) ms")
        await repl.shutdown()
        await server.stop()
        return lines
    }

    /// Decodes searchset pages of 1,000 (as `administrations` receives them) and groups by week.
    func decodeAndGroup() throws -> [String] {
        let pages = AdministrationPages(count: decoded, order: "ord-01").pages()
        let bytes = pages.reduce(0) { $0 + $1.count }
        try writePages(pages)
        let clock = ContinuousClock()
        var doses: [Administration] = []
        doses.reserveCapacity(decoded)
        let decoding = try clock.measure {
            for page in pages { doses += try AdministrationInput.administrations(jsonText: page) }
        }
        var groups: AdministrationGroups?
        let grouping = clock.measure {
            groups = AdministrationGroups(
                doses, grouping: DateGrouping(mode: .week, weeks: .tutorial),
                today: CivilDay(year: 2016, month: 8, day: 16), timeZone: TimeZone(identifier: "Europe/Vienna")!)
        }
        return [
            "decode: \(doses.count) administrations in \(pages.count) pages (\(bytes / 1_048_576) MiB) "
                + "decoded in \(Self.ms(decoding)) ms",
            "decode: grouped by week in \(Self.ms(grouping)) ms (total \(groups?.total ?? 0)); "
                + "decode + group \(Self.ms(decoding + grouping)) ms",
        ]
    }

    private func writePages(_ pages: [[UInt8]]) throws {
        guard let pagesFolder else { return }
        try FileManager.default.createDirectory(atPath: pagesFolder, withIntermediateDirectories: true)
        for (index, page) in pages.prefix(pagesWritten).enumerated() {
            try Data(page).write(to: URL(fileURLWithPath: pagesFolder).appendingPathComponent("page-\(index).json"))
        }
    }

    static func ms(_ duration: Swift.Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
