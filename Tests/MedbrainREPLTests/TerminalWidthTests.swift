import Synchronization
import Testing

@testable import MedbrainREPL

/// Tables are laid out for the terminal's width when they are drawn: a window resized between
/// two commands gets a table that fits it now, as psql's do.
@Suite("The terminal's width, read anew")
struct TerminalWidthTests {
    final class Columns: Sendable {
        private let count: Mutex<Int>
        init(_ count: Int) { self.count = Mutex(count) }
        var value: Int { count.withLock { $0 } }
        func resize(to columns: Int) { count.withLock { $0 = columns } }
    }

    @Test func aTableFitsTheWindowAsItIsNow() async throws {
        let columns = Columns(200)
        let probe = Probe(width: columns.value)
        try await probe.setUp(["connect builtin r4"])
        let wide = await probe.run("search Patient _id=f001")
        #expect(wide.output.contains("Dipl.-Ing. Herbert Hannes Mustermann"), "\(wide.output)")
        columns.resize(to: 40)
        let narrow = await probe.run("show")
        #expect(!narrow.output.contains("Dipl.-Ing. Herbert Hannes Mustermann"), "\(narrow.output)")
        #expect(narrow.output.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(narrow.output)")
        columns.resize(to: 200)
        #expect(await probe.run("show").output == wide.output)
        await probe.stop()
    }
}
