import MedbrainREPL
import MedicationTutorial

extension Transcript.Header {
    /// A fresh REPL as the header describes it: its clock, its time zone, connected to a
    /// new built-in server of its version; with a workbook, lesson commands too (progress
    /// in memory only). What setting it up prints is the caller's to keep or drop.
    public func session(console: Console, workbook: Workbook?, languages: LanguageCatalog = .standard()) async -> REPL {
        let repl = REPL(console: console, now: now, languages: languages)
        if let workbook { repl.extensions = [LessonCommands(workbook: workbook, progressPath: nil)] }
        await repl.execute(words: ["set", "timezone", timeZone])
        if let server { await repl.execute(words: ["connect", "builtin", server.rawValue]) }
        return repl
    }
}
