import MedbrainREPL
import MedicationTutorial

extension Transcript.Header {
    /// A fresh REPL as the header describes it: its clock, its time zone, connected to a
    /// new built-in server of its version; with a workbook, lesson commands too (progress
    /// in memory only). Setting it up prints nothing: a transcript shows only its commands.
    /// `launch` starts the built-in servers; `timeout` bounds each request, the first connect's too.
    public func session(
        console: Console, workbook: Workbook?, launch: @escaping BuiltinServerLauncher,
        languages: LanguageCatalog = .standard(), timeout: Double = REPL.defaultTimeout
    ) async -> REPL {
        let repl = REPL(
            console: console, now: now, servers: BuiltinServers(now: now, launch: launch), languages: languages,
            timeout: timeout)
        if let workbook { repl.extensions = [LessonCommands(workbook: workbook, progressPath: nil)] }
        var setup = ["set timezone \"\(timeZone)\""]
        if let server { setup.append("connect builtin \(server.rawValue)") }
        _ = await repl.executeQuietly(setup)
        return repl
    }
}
