import Foundation

/// `loading [########          ] 41% (41,000 of 100,000)` on standard error while `--load`
/// checks its resources: redrawn in place on a terminal, a line per tenth elsewhere (a log).
struct LoadProgressBar: Sendable {
    let terminal: Bool
    static let width = 30

    func show(_ done: Int, _ total: Int) {
        guard total > 0 else { return }
        // Heard every thousand resources: a log gets a line when a tenth more is done.
        if !terminal, done < total, done * 10 / total == max(0, done - 1000) * 10 / total { return }
        let filled = done * Self.width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: Self.width - filled)
        let line = "loading [\(bar)] \(done * 100 / total)% (\(done) of \(total))"
        Output.standardError(terminal ? "\r" + line + (done == total ? "\n" : "") : line + "\n")
    }
}
