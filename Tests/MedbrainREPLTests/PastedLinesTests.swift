import FHIRModel
import TestSupport
import Testing

@testable import MedbrainREPL

/// A JSON body pasted across lines is one command: lines are joined while the brackets of the
/// JSON a command takes are open, and only then.
@Suite("JSON pasted across lines")
struct PastedLinesTests {
    /// The commands that end with JSON, as the README lists them.
    static let json: Set<String> = ["create", "update", "post", "validate", "instructions", "doses"]

    static func joined(_ lines: [String]) -> [String] {
        Array(PastedLines(lines.makeIterator(), takesJSON: json.contains))
    }

    @Test(arguments: [
        // Joined until the brackets close, strings and escapes read as JSON reads them.
        (["create Patient {", #""name": [{"family": "A"}]"#, "}", "whoami"], 2),
        (["post / {", #""note": "a } in a string","#, #""x": "an \" escaped quote }","#, "}"], 1),
        (["validate [", "{}", "]", "quit"], 2),
        (["update Patient f001 {", "", "}"], 1),
        // A string left open goes on too (a value pasted with a line break in it).
        (["create Patient {\"name\": \"half", "done\"}"], 1),
        // Not a command that takes JSON there, or brackets closed on the line: one line each.
        (["search Patient name={", "whoami"], 2),
        (["fhirpath name.where(given = '{')", "whoami"], 2),
        (["create Patient {}", "whoami"], 2),
        (["create Patient {}}", "whoami"], 2),
        (["# create Patient {", "whoami"], 2),
        // The input ends first: the command runs as it is, and its JSON says what is missing.
        (["create Patient {", "\"a\": 1"], 1),
    ])
    func linesAreJoinedWhileTheJSONIsOpen(lines: [String], commands: Int) {
        let joined = Self.joined(lines)
        #expect(joined.count == commands, "\(joined)")
        #expect(joined.joined(separator: "\n") == lines.joined(separator: "\n"))
    }

    /// The table says which commands take JSON: every one of them, and no other, is read so.
    @Test func theTableSaysWhichCommandsTakeJSON() {
        let repl = Probe().repl
        for name in REPL.builtinCommandNames { #expect(repl.takesJSON(name) == Self.json.contains(name), "\(name)") }
    }

    /// Random JSON with brackets, quotes and backslashes in its strings, pretty-printed across
    /// lines as an editor holds it: the lines are one command exactly when the whole is, and the
    /// parser (written apart from the joiner) reads that command's JSON back as it was.
    @Test func randomJSONPastedAcrossLinesIsOneCommand() throws {
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<300 {
            let value = Self.randomJSON(depth: 3, using: &generator)
            guard case .object = value else { continue }
            let lines = ("create Patient " + value.prettyText).split(separator: "\n").map(String.init)
            let joined = Self.joined(lines + ["whoami"])
            #expect(joined.count == 2 && joined.last == "whoami", "\(lines)")
            let body = try #require(joined.first?.dropFirst("create Patient ".count))
            #expect(try JSONParser.parse(Array(body.utf8)) == value)
            // Cut short, it is read to the end of the input, and the parser says what is missing.
            if lines.count > 2 { #expect(Self.joined(Array(lines.dropLast())).count == 1) }
        }
    }

    static func randomJSON(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let texts = ["{", "}", "[", "]", "a \" quote", "back\\slash", "\\\"", "plain", "", "#"]
        switch depth == 0 ? Int.random(in: 0..<3, using: &generator) : Int.random(in: 0..<5, using: &generator) {
        case 0: return .string(texts[Int.random(in: texts.indices, using: &generator)])
        case 1: return .number(String(Int.random(in: -99...99, using: &generator)))
        case 2: return .bool(Bool.random(using: &generator))
        case 3:
            return .array(
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                    randomJSON(depth: depth - 1, using: &generator)
                })
        default:
            let members = (0..<Int.random(in: 1..<4, using: &generator)).map { index in
                (texts[index % texts.count] + "\(index)", randomJSON(depth: depth - 1, using: &generator))
            }
            return .object(JSONObject(members))
        }
    }

    /// Ctrl-C on a continuation line drops the whole command.
    @Test func anInterruptedContinuationDropsTheCommand() {
        let abandoned = PastedLines<IndexingIterator<[String]>>.abandoned
        #expect(Self.joined(["create Patient {", "\"a\": 1,", abandoned, "whoami"]) == ["", "whoami"])
        #expect(Self.joined([abandoned, "whoami"]) == ["", "whoami"])
    }

    /// The REPL says when it is reading on, so a terminal can prompt with `...>`.
    @Test func continuingIsToldWhileACommandGoesOn() {
        final class Seen { var states: [Bool] = [] }
        let seen = Seen()
        var lines = PastedLines(["create Patient {", "}", "whoami"].makeIterator(), takesJSON: Self.json.contains) {
            seen.states.append($0)
        }
        _ = lines.next()
        #expect(seen.states == [true, false])
        _ = lines.next()
        #expect(seen.states == [true, false, false])
    }
}
