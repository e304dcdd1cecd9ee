import FHIRModel
import FHIRServer
import Foundation
import MedbrainDataset

/// Lessons on a class server: every student starts three lessons, each a workspace of its own
/// made from their seed (`POST /class/workspaces`, then the orders read, which fills its store),
/// as `lesson N` does when they joined. Beside it the peer: the same lesson's server started on
/// the student's own machine, as `lesson N` does outside a class, and the same read.
struct WorkspaceBenchmark {
    let origin: String
    let keys: [String: String]
    let lessons = ["04-orders", "06-administrations", "07-record-a-dose"]
    static let orders = "/MedicationOrder?patient=f001&_count=100"

    func run() async throws -> [String] {
        let clock = ContinuousClock()
        let before = BenchMain.residentKilobytes() ?? 0
        var opened = 0
        let opening = try await clock.measure {
            for lesson in lessons {
                for (student, key) in keys.sorted(by: { $0.key < $1.key }) {
                    let body = try await ClassBenchmark.open(origin, lesson: lesson, key: key)
                    guard body.contains("/class/workspaces/\(student)/\(lesson)/dstu2/fhir") else {
                        throw BenchFailure("no workspace for \(student): \(body.prefix(200))")
                    }
                    let base = "\(origin)/class/workspaces/\(student)/\(lesson)/dstu2/fhir"
                    try await ClassBenchmark.send("GET", base + Self.orders, authorization: "Bearer " + key)
                    opened += 1
                }
            }
        }
        let after = BenchMain.residentKilobytes() ?? 0
        let peers = 10
        let local = try await clock.measure {
            for index in 0..<peers {
                let server = try await InProcessServer.start(
                    ServerConfiguration(
                        version: .dstu2, now: Date.parseInstant("2016-08-16T08:00:00Z"),
                        seed: DatasetSeed("student \(index)")))
                try await ClassBenchmark.send("GET", server.baseURL + Self.orders, authorization: "")
                await server.stop()
            }
        }
        let each = opening / opened
        return [
            "class: a lesson started on the class server (workspace opened, orders read), \(opened) of them: "
                + "\(ClassBenchmark.ms(each)) ms each (\(String(format: "%.1f", each / (local / peers))) x starting it "
                + "on the student's machine, \(ClassBenchmark.ms(local / peers)) ms)",
            "class: memory for \(opened) open workspaces: \((after - before) / 1024) MiB, "
                + "\(String(format: "%.2f", Double(after - before) / 1024 / Double(max(opened, 1)))) MiB each",
        ]
    }
}
