import Synchronization

/// Silences a console for a while: a lesson rebuilding its state, a transcript's setup.
final class Muting: Sendable {
    private let on = Mutex(false)
    var isOn: Bool { on.withLock { $0 } }
    func set(_ value: Bool) { on.withLock { $0 = value } }
}

/// The tutorial's "Loading…" state on a terminal: when a command waits longer than a moment,
/// a spinner says what for. Anything the command writes meanwhile clears it first, so the
/// spinner never mixes into output.
final class Spinner: Sendable {
    private struct State {
        var visible = false
        var frame = 0
        /// How far a long command got, shown after the label (`page 3, 40 resources so far`).
        var progress: String?
    }

    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void
    private let frames: [String]
    /// How long a command may take before the spinner shows.
    let delay: Duration

    init(write: @escaping @Sendable (String) -> Void, unicode: Bool, delay: Duration = .milliseconds(150)) {
        self.write = write
        self.delay = delay
        frames = unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }

    /// Spins with `label` until the task is cancelled, and leaves the line clean.
    func spin(_ label: String) async {
        defer { clear() }
        guard (try? await Task.sleep(for: delay)) != nil else { return }
        while !Task.isCancelled {
            draw(label)
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Runs `write` (some output) with the spinner's line cleared first.
    func clearing(_ write: () -> Void) {
        state.withLock { state in
            if state.visible {
                self.write("\r\u{1B}[K")
                state.visible = false
            }
            write()
        }
    }

    func clear() { clearing {} }

    /// Shows `progress` after the label from the next frame on; nil removes it.
    func note(_ progress: String?) { state.withLock { $0.progress = progress } }

    private func draw(_ label: String) {
        state.withLock { state in
            let progress = state.progress.map { " " + $0 } ?? ""
            self.write("\r" + frames[state.frame % frames.count] + " " + label + progress + "\u{1B}[K")
            state.visible = true
            state.frame += 1
        }
    }
}

extension Console {
    /// This console as a command writes to it: past the spinner, and in ASCII when the
    /// terminal shows nothing else.
    func guarded(by spinner: Spinner, muted: Muting) -> Console {
        let (output, error) = (self.output, self.error)
        let unicode = self.unicode
        let plain: @Sendable (String) -> String = { text in
            let printable = Console.printable(text)
            return unicode ? printable : Console.ascii(printable)
        }
        return Console(
            width: self.width, colour: colour, interactive: interactive, unicode: unicode,
            output: { text in if !muted.isOn { spinner.clearing { output(plain(text)) } } },
            error: { text in if !muted.isOn { spinner.clearing { error(plain(text)) } } })
    }
}
