import MedbrainREPL

/// A key an instructor presses while a transcript replays.
public enum ReplayKey: Sendable, Equatable {
    /// Enter: go on (from a pause, or to the next command with `--step`).
    case go
    /// Space or `p`: pause until the next key.
    case pause
    /// `n`: run the commands up to the next `%pause` marker at once.
    case skip
    case faster, slower
    /// `q`: stop.
    case quit
}

/// Where keys come from: the terminal in class, a list in tests.
public protocol ReplayKeys: AnyObject {
    /// The next key, waiting at most `timeout` (nil: as long as it takes); nil when none came.
    func next(timeout: Duration?) async -> ReplayKey?
}

/// A transcript replayed for a class: each command typed at a human pace and really run on a
/// fresh built-in server, its narration shown, stopping at each `%pause` marker (and with
/// `step`, before each command) until a key is pressed.
public final class TranscriptReplay {
    let transcript: Transcript
    let console: Console
    let keys: ReplayKeys?
    /// Wait for a key before every command, not only at markers.
    let stepByStep: Bool
    /// Time per typed character.
    var delay: Duration
    /// Set by `n`: commands run without typing until the next marker.
    private var skipping = false

    /// How long each request may wait (the session's `timeout`).
    let timeout: Double

    public init(
        transcript: Transcript, console: Console, keys: ReplayKeys?, step: Bool, delay: Duration,
        timeout: Double = REPL.defaultTimeout
    ) {
        (self.transcript, self.console, self.keys, stepByStep, self.delay) = (transcript, console, keys, step, delay)
        self.timeout = timeout
    }

    /// Plays every step; false when stopped with `q`.
    public func play(workbook: Workbook?, launch: @escaping BuiltinServerLauncher) async -> Bool {
        let repl = await transcript.header.session(
            console: console, workbook: workbook, launch: launch, timeout: timeout)
        narrate(transcript.headerLines)
        let finished = await play(on: repl)
        await repl.shutdown()
        return finished
    }

    private func play(on repl: REPL) async -> Bool {
        for step in transcript.steps {
            narrate(step.preamble)
            if let label = step.pause {
                skipping = false
                console.output("-- pause" + (label.isEmpty ? "" : ": \(label)") + " (Enter goes on, q stops)\n")
                guard await waitForKey() else { return false }
            } else if stepByStep && !skipping {
                guard await waitForKey() else { return false }
            }
            guard await type(step.command) else { return false }
            await repl.execute(step.command)
        }
        return true
    }

    /// A transcript's comments, as narration for the class.
    private func narrate(_ lines: [String]) {
        for line in lines where line.hasPrefix("% ") { console.output("-- " + line.dropFirst(2) + "\n") }
    }

    /// Waits for a key; false for `q`.
    private func waitForKey() async -> Bool {
        guard let keys else { return true }
        switch await keys.next(timeout: nil) {
        case .quit: return false
        case .skip: skipping = true
        default: break
        }
        return true
    }

    /// Types `command` after the prompt a character at a time, minding keys; false for `q`.
    private func type(_ command: String) async -> Bool {
        console.output(Transcript.prompt)
        for character in command {
            console.output(String(character))
            guard !skipping else { continue }
            let key = await keys?.next(timeout: delay)
            if keys == nil { try? await Task.sleep(for: delay) }
            switch key {
            case .quit?: return false
            case .pause?: guard await waitForKey() else { return false }
            case .skip?: skipping = true
            case .faster?: delay = max(.milliseconds(5), delay / 2)
            case .slower?: delay = min(.milliseconds(500), delay * 2)
            case .go?, nil: continue
            }
        }
        console.output("\n")
        return true
    }
}
