import FHIRModel
import FHIRPath

/// FHIRPath as every command that evaluates it needs it (`fhirpath`, `search --where`, a
/// lesson's check): parsed with the error placed, run on the session's clock and release.
struct FHIRPathRunner {
    let context: CommandContext

    /// Parses an expression; a syntax error shows the line with a caret under the place first.
    func parse(_ text: String) throws -> FHIRPathExpression {
        do { return try FHIRPathExpression(text) } catch {
            if let caret = error.caretLines, context.console.interactive {
                context.console.error(caret.map { "  " + $0 + "\n" }.joined())
            }
            throw REPLError(error.description)
        }
    }

    /// The session's clock and zone, the server's release's types, `trace()` to the console,
    /// and the evaluation stopped by Ctrl-C or past `fhirpath-limit`.
    func environment() -> FHIRPathEnvironment {
        let console = context.console
        var environment = FHIRPathEnvironment(now: context.clock(), timeZone: context.settings.current.timeZone)
        // Each release's own types; with no server (a file), the lenient reading that knows none.
        environment.model = context.session.client.flatMap { $0.server.release.version?.typeModel }
        environment.trace = { name, items in
            console.error("trace \(name): \(items.textLines.joined(separator: "; "))\n")
        }
        // Ctrl-C cancels the command's requests and its evaluation alike; the session stays.
        let cancellation = context.cancellation
        environment.isCancelled = { cancellation.isCancelled }
        environment.timeLimit = .milliseconds(Int(context.settings.current.fhirpathLimit * 1000))
        environment.timeLimitHint = "set fhirpath-limit SECONDS to change it"
        return environment
    }
}
