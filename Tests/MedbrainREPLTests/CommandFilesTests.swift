import Foundation
import Testing

@testable import MedbrainREPL

/// A command group is a file of its own in `Sources/MedbrainREPL/Commands/`, holding its
/// commands and their bodies: every group such a file declares is in the REPL's table, and
/// each built-in command is declared in the file of the group that lists it, and only there.
@Suite("a file per command group")
struct CommandFilesTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/MedbrainREPL/Commands")

    /// Each file's text, by file name.
    static func files() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        return try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try String(contentsOf: folder.appending(path: $0), encoding: .utf8))
            })
    }

    /// Whether `text` holds `.builtin("NAME", …`, however it is laid out.
    static func declares(_ text: String, _ name: String) -> Bool {
        text.matches(of: /\.builtin\(\s*"([^"]+)"/).contains { $0.output.1 == name }
    }

    @Test func everyGroupAFileDeclaresIsInTheTable() throws {
        let titles = Set(CommandGroup.builtin.map(\.title))
        var declared: [String] = []
        for text in try Self.files().values {
            declared += text.matches(of: /CommandGroup\(\s*"([^"]+)"/).map { String($0.output.1) }
        }
        #expect(!declared.isEmpty)
        #expect(Set(declared) == titles, "declared: \(declared.sorted()); in the table: \(titles.sorted())")
    }

    @Test func eachCommandIsDeclaredInOneFileOnly() throws {
        let files = try Self.files()
        for group in CommandGroup.builtin {
            for command in group.commands {
                let holders = files.filter { Self.declares($0.value, command.name) }
                #expect(holders.count == 1, "'\(command.name)' is declared in \(holders.keys.sorted())")
                let holder = holders.first?.value ?? ""
                #expect(
                    holder.contains("\"\(group.title)\""), "'\(command.name)' is not in the file of '\(group.title)'")
            }
        }
    }
}
