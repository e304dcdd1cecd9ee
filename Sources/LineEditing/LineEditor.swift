import CLibEdit
import Foundation

/// Line editing on a terminal through libedit: emacs keys, Up/Down and Ctrl-R over a history
/// kept in a file, and Tab completion from the caller.
///
/// Ctrl-C abandons the line being typed (``Input/interrupted``) instead of ending the
/// program; Ctrl-D on an empty line is ``Input/end``. The history file is written after
/// every line, so no way of leaving loses it.
public final class LineEditor {
    public enum Input: Equatable {
        case line(String)
        case interrupted
        case end
    }

    /// Given the line up to the cursor, the words that may end it (whole words, not suffixes).
    public typealias Completer = (String) -> [String]

    private let editline: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    private var promptText: UnsafeMutablePointer<CChar>
    let completer: Completer
    /// Set by Ctrl-C while a line is being typed.
    private var cancelled = false

    /// Whether a line may be kept in the history: one that carries a secret is not.
    let keeps: (String) -> Bool

    public init(
        prompt: String, historyPath: String?, completer: @escaping Completer,
        keeps: @escaping (String) -> Bool = { _ in true }
    ) {
        self.keeps = keeps
        editline = medbrain_el_init("medbrain")
        history = medbrain_history_init(1000)
        self.historyPath = historyPath
        promptText = strdup(prompt)
        self.completer = completer
        medbrain_catch_interrupts()
        medbrain_el_setup(editline, history, Self.promptCallback, Unmanaged.passUnretained(self).toOpaque())
        medbrain_el_bind_function(editline, "medbrain-complete", "complete the word", Self.completeCallback, "^I")
        // In libedit's raw mode Ctrl-C arrives as a key, not a signal: it ends the line as cancelled.
        medbrain_el_bind_function(editline, "medbrain-cancel", "abandon the line", Self.cancelCallback, "^C")
        if let historyPath { _ = medbrain_history_load(history, historyPath) }
    }

    deinit {
        el_end(editline)
        history_end(history)
        free(promptText)
    }

    /// Reads one line (without its newline). A line that `continues` a command begun on an
    /// earlier one is prompted with `...>` and stays out of the history, which keeps the first.
    public func readLine(continues: Bool = false) -> Input {
        let saved = promptText
        if continues { promptText = strdup(String(repeating: " ", count: max(0, strlen(saved) - 5)) + "...> ") }
        defer {
            if continues {
                free(promptText)
                promptText = saved
            }
        }
        var count: Int32 = 0
        // A Ctrl-C while a command ran is spent; it must not cancel the next line.
        _ = medbrain_take_interrupt()
        let raw = el_gets(editline, &count)
        if medbrain_take_interrupt() != 0 {
            el_reset(editline)
            FileHandle.standardOutput.write(Data("^C\n".utf8))
            return .interrupted
        }
        guard let raw else {
            FileHandle.standardOutput.write(Data("\n".utf8))
            return .end
        }
        if cancelled {
            cancelled = false
            return .interrupted
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        let entry = line.trimmingCharacters(in: .whitespaces)
        if !continues, !entry.isEmpty, keeps(entry) {
            medbrain_history_enter(history, entry)
            saveHistory()
        }
        return .line(line)
    }

    /// Asks `question` and reads the answer, which stays out of the history; nil when the
    /// user pressed Ctrl-C or Ctrl-D instead, which answers no.
    public func ask(_ question: String) -> String? {
        let saved = promptText
        promptText = strdup(question)
        defer {
            free(promptText)
            promptText = saved
        }
        _ = medbrain_take_interrupt()
        var count: Int32 = 0
        let raw = el_gets(editline, &count)
        if medbrain_take_interrupt() != 0 || cancelled || raw == nil {
            cancelled = false
            el_reset(editline)
            FileHandle.standardOutput.write(Data("\n".utf8))
            return nil
        }
        return raw.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private func saveHistory() {
        guard let historyPath else { return }
        let folder = URL(fileURLWithPath: historyPath).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = medbrain_history_save(history, historyPath)
    }

    /// Whether Ctrl-C was pressed since the last look (while a command ran, say); forgets it.
    public static func takeInterrupt() -> Bool { medbrain_take_interrupt() != 0 }

    /// `$MEDBRAIN_HISTORY`, else `$XDG_STATE_HOME/medbrain/history`, else `~/.local/state/medbrain/history`.
    public static func defaultHistoryPath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        if let path = environment["MEDBRAIN_HISTORY"], !path.isEmpty { return path }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/medbrain/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/medbrain/history"
    }

    private static let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editline in
        guard let editline, let client = medbrain_el_client(editline) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(client).takeUnretainedValue().promptText
    }

    private static let cancelCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editline, _ in
        guard let editline, let client = medbrain_el_client(editline) else { return UInt8(CC_ERROR) }
        Unmanaged<LineEditor>.fromOpaque(client).takeUnretainedValue().cancelled = true
        FileHandle.standardOutput.write(Data("^C".utf8))
        return UInt8(CC_NEWLINE)
    }

    private static let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editline, _ in
        guard let editline, let client = medbrain_el_client(editline) else { return UInt8(CC_ERROR) }
        return Unmanaged<LineEditor>.fromOpaque(client).takeUnretainedValue().complete(editline)
    }

    private func complete(_ editline: OpaquePointer) -> UInt8 {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = Int(medbrain_el_line_to_cursor(editline, &buffer, Int32(buffer.count)))
        let line = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let typed = line.last.map { $0.isWhitespace } ?? true ? "" : String(line.split(separator: " ").last ?? "")
        let candidates = completer(line).filter { $0.hasPrefix(typed) }
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = Self.commonPrefix(candidates)
        var insertion = String(common.dropFirst(typed.count))
        // A finished word gets its space; a folder (`@lessons/`) or a search parameter
        // (`family=`) waits for more of the same word.
        if candidates.count == 1, !common.hasSuffix("/"), !common.hasSuffix("=") { insertion += " " }
        if !insertion.isEmpty {
            _ = el_insertstr(editline, insertion)
            return UInt8(CC_REFRESH)
        }
        // Nothing more in common: show the choices under the line, then the line again.
        FileHandle.standardOutput.write(Data(("\n" + candidates.joined(separator: "  ") + "\n").utf8))
        return UInt8(CC_REDISPLAY)
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
