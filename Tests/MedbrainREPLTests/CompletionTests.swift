import Foundation
import Testing

@testable import MedbrainREPL

/// What Tab offers at each position of a line.
@Suite("Tab completion")
struct CompletionTests {
    @Test func commandsTheirWordsAndListedOrders() async throws {
        let probe = Probe()
        let repl = probe.repl
        #expect(repl.completions(for: "").contains("administer"))
        #expect(repl.completions(for: "gr") == repl.completions(for: ""))
        #expect(repl.completions(for: "group ") == ["year", "month", "week", "day"])
        #expect(repl.completions(for: "connect builtin ") == ["dstu2", "stu3", "r4", "r4b", "r5"])
        #expect(repl.completions(for: "instructions 1 --lang ") == ["de", "en"])
        #expect(
            repl.completions(for: "set ") == [
                "today", "timezone", "lang", "week", "format", "colour", "trace", "timeout", "fhirpath-limit", "wake",
                "breakfast", "lunch", "dinner", "sleep", "day",
            ])
        #expect(repl.completions(for: "set week ") == ["tutorial", "iso"])
        #expect(repl.completions(for: "set format ") == ["table", "json"])
        #expect(repl.completions(for: "set timezone ").contains("Europe/Vienna"))
        #expect(repl.completions(for: "say \"unclosed ") == [])
        try await probe.setUp(["connect builtin r4", "login", "orders"])
        #expect(repl.completions(for: "order ") == (1...11).map(String.init))
        #expect(repl.completions(for: "administer 2 ") == ["taken", "missed"])
        await probe.stop()
    }

    /// Once connected, the server's metadata: its resource types and each type's search parameters.
    @Test func resourceTypesAndSearchParametersFromTheMetadata() async throws {
        let probe = Probe()
        let repl = probe.repl
        #expect(repl.completions(for: "search ") == [])
        try await probe.setUp(["connect builtin r4"])
        #expect(repl.completions(for: "search ").contains("MedicationRequest"))
        #expect(repl.completions(for: "read ") == repl.completions(for: "search "))
        let parameters = repl.completions(for: "search Patient ")
        #expect(parameters.contains("family="))
        #expect(parameters.contains("_count="))
        #expect(repl.completions(for: "count MedicationAdministration ").contains("effective-time="))
        #expect(repl.completions(for: "page ") == ["next", "previous", "first", "last", "all"])
        await probe.stop()
    }

    /// After `@`, file paths as a shell offers them: folders end in `/`, hidden files only
    /// when their dot is typed.
    @Test func filePathsAfterAnAt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        for name in ["dose.json", "dosage.json", ".hidden", "lessons/one.txt"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path
        #expect(Completions.paths(completing: "@", in: base) == ["@dosage.json", "@dose.json", "@lessons/"])
        #expect(Completions.paths(completing: "@dos", in: base) == ["@dosage.json", "@dose.json"])
        #expect(Completions.paths(completing: "@lessons/", in: base) == ["@lessons/one.txt"])
        #expect(Completions.paths(completing: "@.h", in: base) == ["@.hidden"])
        #expect(Completions.paths(completing: "@\(base)/les") == ["@\(base)/lessons/"])
        #expect(Completions.paths(completing: "@nowhere/", in: base) == [])
    }

    @Test(arguments: [
        ("login f001", ["login", "f001"]),
        (#"set timezone "Europe/Vienna" # a comment"#, ["set", "timezone", "Europe/Vienna"]),
        ("  ", []), ("# only a comment", []), (#"say 'two words' "and # this""#, ["say", "two words", "and # this"]),
        (#"a""b"#, ["ab"]),
    ])
    func wordsQuotesAndComments(line: String, words: [String]) throws {
        #expect(try CommandWords.split(line) == words)
    }
}
