import Foundation
import Testing

@testable import MedbrainREPL

/// The README's list of commands and its table of the generic ones say what the command table
/// says: every built-in command is there, and each usage it writes out is the command's own.
@Suite("the README's commands")
struct READMECommandsTests {
    static let readme = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "README.md")

    /// The code spans of the "Commands:" paragraph and the first cells of the generic commands'
    /// table, white space made single and `\|` read as `|`.
    static func spans() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "\nCommands: "),
            let end = text.range(of: "(A test holds this list", range: start.upperBound..<text.endIndex)
        else { throw READMEError("no 'Commands:' list") }
        var spans = codeSpans(in: String(text[start.upperBound..<end.lowerBound]))
        guard let header = text.range(of: "\n| command | what it does |\n"),
            let tableEnd = text.range(of: "\n\n", range: header.upperBound..<text.endIndex)
        else { throw READMEError("no table of the generic commands") }
        for line in text[header.upperBound..<tableEnd.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            spans += codeSpans(in: firstCell(of: String(line)))
        }
        return spans.map { $0.replacingOccurrences(of: "\\|", with: "|") }
    }

    /// The first cell of a table row, where `\|` does not end it.
    static func firstCell(of row: String) -> String {
        var cell = ""
        var previous: Character = " "
        for character in row.dropFirst(1) {
            if character == "|", previous != "\\" { break }
            cell.append(character)
            previous = character
        }
        return cell
    }

    static func codeSpans(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { $0.element.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    @Test func everyBuiltInCommandIsListed() throws {
        let listed = Set(try Self.spans().compactMap { $0.split(separator: " ").first.map(String.init) })
        let missing = CommandTable(groups: CommandGroup.builtin).all.map(\.name).filter { !listed.contains($0) }
        #expect(missing.isEmpty, "not in the README's list or table: \(missing)")
    }

    @Test func everyUsageWrittenOutIsTheCommandsOwn() throws {
        let table = CommandTable(groups: CommandGroup.builtin)
        for span in try Self.spans() where span.contains(" ") {
            guard let name = span.split(separator: " ").first, let command = table.command(String(name)) else {
                Issue.record("'\(span)' names no command")
                continue
            }
            #expect(span == command.usage, "README: '\(span)'; the command table: '\(command.usage)'")
        }
    }
}

struct READMEError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
