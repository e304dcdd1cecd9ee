import Foundation
import Testing

@testable import MedbrainREPL

/// The one command table: what the dispatcher, `help`, Tab and the spinner read.
@Suite("Command table")
struct CommandTableTests {
    static var table: CommandTable { CommandTable(groups: CommandGroup.builtin) }

    @Test func everyNameAndAliasIsOneCommandOnly() {
        let words = Self.table.all.flatMap { [$0.name] + $0.aliases }
        #expect(words.count == Set(words).count, "\(words.sorted())")
    }

    /// `help` shows a usage and an example a student can type as it is.
    @Test(arguments: table.all.map(\.name))
    func usageAndExampleStartWithTheCommand(name: String) throws {
        let command = try #require(Self.table.command(name))
        #expect(command.usage == name || command.usage.hasPrefix(name + " "))
        #expect(command.example == name || command.example.hasPrefix(name + " "))
        #expect(!command.summary.isEmpty)
    }

    @Test func namesAndAliasesAreFoundInAnyCase() {
        #expect(Self.table.command("LOGIN")?.name == "login")
        #expect(Self.table.command("exit")?.name == "quit")
        #expect(Self.table.command("?")?.name == "help")
        #expect(Self.table.command("ordrs") == nil)
    }

    @Test(arguments: [
        ("ordrs", "unknown command 'ordrs'; did you mean 'orders'?"),
        ("exitt", "unknown command 'exitt'; did you mean 'exit'?"),
        ("x", "unknown command 'x'; 'help' lists them"),
    ])
    func anUnknownWordGetsTheClosestName(word: String, message: String) {
        #expect(Self.table.unknown(word).description == message)
    }

    /// Wrong words get the usage of the command that was typed, which the table holds, from
    /// whichever helper found them wrong.
    @Test(arguments: [
        ("logout now", "error: usage: logout\n"),
        ("disconnect all", "error: usage: disconnect\n"),
        ("quit now", "error: usage: quit\n"),
        ("exit now", "error: usage: quit\n"),
        ("help me now", "error: usage: help [COMMAND]\n"),
        ("page sideways", "error: usage: page next|previous|first|last|all [LIMIT] [> FILE]\n"),
        ("register Ada Lovelace --age 3", "error: usage: register GIVEN FAMILY [--birth-date D] [--gender G]\n"),
    ])
    func wrongWordsGetTheirCommandsUsage(line: String, error: String) async {
        let probe = Probe()
        #expect(await probe.run(line).errors == error)
        await probe.stop()
    }

    @Test func aChosenOrderIsAskedForWithTheUsage() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "login", "orders"])
        #expect(await probe.run("administrations").errors == "error: which order? usage: administrations [N]\n")
        await probe.stop()
    }

    /// An extension's commands join the same table: dispatched, helped and completed alike.
    @Test func anExtensionsCommandsGoThroughTheSamePath() async throws {
        let probe = Probe()
        let echo = Echo()
        probe.repl.extensions = [echo]
        #expect(await probe.run("echo one two").output == "one two\n")
        #expect(await probe.run("echo").errors == "error: usage: echo WORDS\n")
        #expect(await probe.run("help echo").output.hasPrefix("usage: echo WORDS\n  say the words again\n"))
        #expect(await probe.run("help").output.contains("Echoes\n  echo WORDS"))
        #expect(probe.repl.completions(for: "").contains("echo"))
        #expect(probe.repl.completions(for: "echo ") == ["loud", "soft"])
        #expect(echo.finished == ["echo one two", "echo", "help echo", "help"])
        await probe.stop()
    }

    final class Echo: REPLExtension {
        var finished: [String] = []

        var commandGroup: CommandGroup {
            CommandGroup(
                "Echoes",
                [
                    Command(
                        "echo", usage: "echo WORDS", summary: "say the words again", example: "echo hello",
                        complete: { _, _ in ["loud", "soft"] },
                        run: { repl, words in
                            guard !words.isEmpty else { throw UsageError() }
                            repl.print(words.joined(separator: " "))
                        })
                ])
        }

        func commandFinished(_ line: String, succeeded: Bool, in session: any LessonHost) async {
            finished.append(line)
        }
    }
}
