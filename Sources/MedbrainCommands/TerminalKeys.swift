import Foundation
import MedbrainWorkbook

#if canImport(Glibc)
    import Glibc
#endif

/// Keys from the terminal one at a time, without Enter and without echo, for `replay`.
/// Ctrl-C is read as a key (stop), so the terminal is always given back as it was.
final class TerminalKeys: ReplayKeys {
    private var saved = termios()

    /// Nil when standard input is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    /// Gives the terminal back as it was.
    func restore() { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }

    func next(timeout: Duration?) async -> ReplayKey? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            // Short polls, so a long wait does not hold a thread for long at a time.
            let left = deadline.map { $0 - ContinuousClock.now } ?? .milliseconds(50)
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(0, min(50, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            if poll(&input, 1, milliseconds) > 0 {
                var byte: UInt8 = 0
                guard read(STDIN_FILENO, &byte, 1) == 1 else { return .quit }
                if let key = Self.key(byte) { return key }
            }
            if let deadline, ContinuousClock.now >= deadline { return nil }
            await Task.yield()
        }
    }

    static func key(_ byte: UInt8) -> ReplayKey? {
        switch byte {
        case 10, 13: .go
        case 32, UInt8(ascii: "p"): .pause
        case UInt8(ascii: "n"): .skip
        case UInt8(ascii: "+"), UInt8(ascii: "="): .faster
        case UInt8(ascii: "-"): .slower
        case UInt8(ascii: "q"), 3, 4: .quit
        default: nil
        }
    }
}
