import Foundation
import MedbrainCommands
import MedbrainREPL
import Synchronization
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// Replaying for a class: commands typed and run, narration shown, pauses obeyed.
@Suite("Replay")
struct ReplayTests {
    /// Keys pressed in order, one each time a key is looked for; none after the last.
    final class PressedKeys: ReplayKeys {
        var keys: [ReplayKey?]
        var waitsForever = 0
        init(_ keys: [ReplayKey?]) { self.keys = keys }

        func next(timeout: Duration?) async -> ReplayKey? {
            if timeout == nil { waitsForever += 1 }
            return keys.isEmpty ? (timeout == nil ? .quit : nil) : keys.removeFirst()
        }
    }

    static let text = """
        % A class on logging in.
        %server builtin r4
        medbrain> login
        logged in as [..]
        %pause the account
        medbrain> whoami
        """

    static func play(_ keys: PressedKeys?, step: Bool = false) async throws -> (Bool, String) {
        let printed = Printed()
        let replay = TranscriptReplay(
            transcript: try Transcript(parsing: text, file: "t.txt"),
            console: Console(width: 80, output: printed.append, error: printed.append), keys: keys, step: step,
            delay: .milliseconds(1), timeout: BusyMachine.requestTimeout)
        let finished = await replay.play(workbook: nil, launch: BuiltinServers.launchInProcess)
        return (finished, printed.text)
    }

    @Test func withoutKeysItPlaysThrough() async throws {
        let (finished, text) = try await Self.play(nil)
        #expect(finished)
        #expect(text.hasPrefix("-- A class on logging in.\nmedbrain> login\nlogged in as Dipl.-Ing."))
        #expect(text.contains("-- pause: the account (Enter goes on, q stops)\nmedbrain> whoami\n"))
        #expect(text.hasSuffix("  address Musterstraße 13a, 7000, Eisenstadt, AT\n"))
    }

    /// `q` at the marker stops before the next command runs.
    @Test func quitAtAPause() async throws {
        let keys = PressedKeys(Array(repeating: nil, count: 5) + [.quit])
        let (finished, text) = try await Self.play(keys)
        #expect(!finished)
        #expect(text.hasSuffix("(Enter goes on, q stops)\n"))
        #expect(keys.waitsForever == 1)
    }

    /// With `step`, every command waits for Enter; `n` then runs on without typing pauses.
    @Test func stepByStepAndSkipping() async throws {
        // Enter before `login`, nothing while its five letters are typed, `n` at the marker.
        let keys = PressedKeys([.go] + Array(repeating: nil, count: 5) + [.skip])
        let (finished, text) = try await Self.play(keys, step: true)
        #expect(finished)
        #expect(text.contains("medbrain> whoami\n"))
        // Two waits for a key: before `login`, and at the marker, where `n` was pressed.
        #expect(keys.waitsForever == 2)
    }
}
