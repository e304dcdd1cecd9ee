import Testing

@testable import MedbrainREPL

/// One reader for every command's options: flags, values and repeated options anywhere among
/// the words, aliases, and a one-line error for each way to get them wrong.
@Suite("Command options")
struct CommandOptionsTests {
    static let kinds: [String: CommandOptions.Option] = [
        "--yes": .flag, "--lang": .value("a language code"), "--header": .repeated("a header field"),
    ]

    @Test(arguments: [
        (["Patient", "f001"], ["Patient", "f001"], nil, [String](), false),
        (["--yes", "Patient", "f001"], ["Patient", "f001"], nil, [], true),
        (["Patient", "--lang", "de", "f001", "--yes"], ["Patient", "f001"], "de", [], true),
        (["-H", "A: 1", "x", "--header", "B: 2"], ["x"], nil, ["A: 1", "B: 2"], false),
        // A word of dashes alone, or one dash, is an operand.
        (["--", "-", "-x"], ["--", "-", "-x"], nil, [], false),
        // A value may look like an option: it is the value.
        (["--lang", "--yes"], [], "--yes", [], false),
    ])
    func optionsAreReadWhereverTheyStand(
        words: [String], operands: [String], lang: String?, headers: [String], yes: Bool
    ) throws {
        let options = try CommandOptions(words, Self.kinds, aliases: ["-H": "--header"])
        #expect(options.operands == operands)
        #expect(options.value("--lang") == lang)
        #expect(options.values("--header") == headers)
        #expect(options.has("--yes") == yes)
    }

    @Test(arguments: [
        (["--lang"], "--lang needs a language code"),
        (["x", "--lang", ""], "--lang needs a language code"),
        (["-H"], "-H needs a header field"),
        (["--lang", "en", "--lang", "de"], "--lang is given twice"),
        (["--colour", "red"], "usage"),
    ])
    func aMistakeIsOneLine(words: [String], error expected: String) {
        let wrongIsUsage = { (_: any Error) in expected == "usage" }
        do {
            _ = try CommandOptions(words, Self.kinds, aliases: ["-H": "--header"])
            Issue.record("no error for \(words)")
        } catch let wrong as REPLError {
            #expect(wrong.description == expected)
        } catch {
            #expect(error is UsageError && wrongIsUsage(error))
        }
    }
}
