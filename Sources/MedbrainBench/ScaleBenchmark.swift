import FHIRModel
import FHIRServer
import Foundation
import MedbrainCommands
import MedbrainDataset
import MedbrainREPL
import MedicationTutorial

/// A patient with very many administrations: the tutorial's commands end to end against the
/// built-in server holding them, and the decode + group step alone on searchset pages.
struct ScaleBenchmark {
    /// Administrations on the server for the end-to-end run.
    let served: Int
    /// Administrations decoded and grouped from pages in memory.
    let decoded: Int
    /// Where to write the pages, for another client to parse too (`bench/run` gives them to
    /// fhirclient); nil writes them to a temporary folder, removed afterwards.
    let pagesFolder: String?

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
            console: Console(width: 100, output: { printed.append($0) }, error: { printed.append($0) }),
            now: Date(timeIntervalSince1970: 1_471_334_400), servers: .inProcess(now: nil))
        var lines = ["scale: server with \(served) administrations started in \(starting.millisecondsText) ms"]
        var total = Swift.Duration.zero
        for command in ["connect \(server.baseURL)", "login", "orders", "administrations 1", "group week 1"] {
            var succeeded = false
            let elapsed = await clock.measure { succeeded = await repl.execute(command) }
            total += elapsed
            let problem = succeeded ? "" : " FAILED: \(printed.take().suffix(200))"
            lines.append(
                "scale: \(command.hasPrefix("connect") ? "connect" : command): \(elapsed.millisecondsText) ms\(problem)"
            )
            _ = printed.take()
        }
        lines.append("scale: end to end, \(served) administrations: \(total.millisecondsText) ms")
        await repl.shutdown()
        await server.stop()
        return lines
    }

    /// Decodes searchset pages of 1,000 as `administrations` does (each page parsed into a
    /// tape as it arrives, its administrations decoded on the other core meanwhile) and groups
    /// by week. The pages are written to files first and read back one at a time inside the
    /// timing, so memory holds what a client holds: the administrations and a few pages.
    func decodeAndGroup() async throws -> [String] {
        let folder =
            pagesFolder
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-pages-\(getpid())").path
        defer { if pagesFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let files = try writePages(to: folder)
        let clock = ContinuousClock()
        var doses: [Administration] = []
        var bytes = 0
        let cpuBefore = ProcessCPU.used()
        let decoding = try await clock.measure {
            var decoder = PagedAdministrationDecoder(limit: decoded)
            for file in files {
                let page = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
                bytes += page.count
                await decoder.add(try SearchsetPage(tape: try JSONTape(parsing: page)))
            }
            doses = try await decoder.finish()
        }
        var groups: AdministrationGroups?
        let grouping = await clock.measure {
            groups = await AdministrationGroups.counting(
                doses, grouping: DateGrouping(mode: .week, weeks: .tutorial),
                today: CivilDay(year: 2016, month: 8, day: 16), timeZone: TimeZone(identifier: "Europe/Vienna")!)
        }
        let cpu = ProcessCPU.used() - cpuBefore
        return [
            "decode: \(doses.count) administrations in \(files.count) pages (\(bytes / 1_048_576) MiB) "
                + "read and decoded in \(decoding.millisecondsText) ms "
                + "(an Administration is \(MemoryLayout<Administration>.stride) bytes and its strings)",
            "decode: grouped by week in \(grouping.millisecondsText) ms (total \(groups?.total ?? 0)); "
                + "decode + group \((decoding + grouping).millisecondsText) ms "
                + "(CPU \(cpu.millisecondsText) ms on \(ProcessInfo.processInfo.activeProcessorCount) cores)",
        ]
    }

    /// Writes every page to `folder` (`page-0.json`, …) and returns their paths in order.
    private func writePages(to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pages = AdministrationPages(count: decoded, order: "ord-01")
        return try stride(from: 0, to: decoded, by: 1000).enumerated().map { number, start in
            let path = URL(fileURLWithPath: folder).appendingPathComponent("page-\(number).json").path
            try Data(pages.page(from: start)).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

}
