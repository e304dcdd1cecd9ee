import FHIRModel
import FHIRPath

/// FHIRPath as every command that evaluates it needs it (`fhirpath`, `search --where`, a
/// lesson's check): parsed with the error placed, run on the session's clock and release.
extension CommandContext {
    /// Parses an expression; a syntax error shows the line with a caret under the place first.
    func parseFHIRPath(_ text: String) throws -> FHIRPathExpression {
        do { return try FHIRPathExpression(text) } catch {
            if let caret = error.caretLines, console.interactive {
                console.error(caret.map { "  " + $0 + "\n" }.joined())
            }
            throw REPLError(error.description)
        }
    }

    /// The session's clock and zone, the server's release's types, `trace()` to the console,
    /// and the evaluation stopped by Ctrl-C or past `fhirpath-limit`.
    func fhirPathEnvironment() -> FHIRPathEnvironment {
        let console = console
        var environment = FHIRPathEnvironment(now: clock(), timeZone: settings.current.timeZone)
        // Each release's own types; with no server (a file), the lenient reading that knows none.
        environment.model = session.client.flatMap { $0.server.release.version?.typeModel }
        environment.trace = { name, items in
            console.error("trace \(name): \(items.textLines.joined(separator: "; "))\n")
        }
        // Ctrl-C cancels the command's requests and its evaluation alike; the session stays.
        let cancellation = cancellation
        environment.isCancelled = { cancellation.isCancelled }
        environment.timeLimit = .milliseconds(Int(settings.current.fhirpathLimit * 1000))
        environment.timeLimitHint = "set fhirpath-limit SECONDS to change it"
        return environment
    }
}
