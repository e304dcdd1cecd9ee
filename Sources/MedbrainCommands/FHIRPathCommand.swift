import ArgumentParser
import FHIRModel
import FHIRPath
import Foundation

/// `medbrain fhirpath`: evaluate a FHIRPath expression on a resource or Bundle, as Firely
/// Terminal's and fhirpath.js's command lines do.
struct FHIRPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhirpath",
        abstract: "Evaluate a FHIRPath expression on a FHIR resource or Bundle (JSON).",
        discussion: """
            Prints the result one item a line (type and value), or with --format json as one JSON \
            array. The resource is also %resource and %context; --var adds %NAME (a string, or a \
            number, true or false).
            Examples:
              medbrain fhirpath "name.given.first()" patient.json
              curl -s 'http://127.0.0.1:8080/fhir/MedicationAdministration' | \
            medbrain fhirpath "entry.resource.where(status = 'not-done').count()"
            """
    )

    /// The expression and the file. Taken as they come, so an expression that begins with a
    /// minus (`-3 != 3`) is not read as an option; an unknown `--option` is still refused.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The FHIRPath expression, then a JSON file (- for standard input). An expression that reads no "
                + "resource (1 + 1, today()) needs no file.", valueName: "expression [file]"))
    var given: [String] = []

    /// The expression and the file, without the `--` that may stand before them.
    var words: [String] {
        guard let terminator = given.firstIndex(of: "--") else { return given }
        var words = given
        words.remove(at: terminator)
        return words
    }

    @Option(
        name: .customLong("var"), help: ArgumentHelp("A variable %NAME for the expression.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(help: "text (one item a line) or json (one array).")
    var format: OutputFormat = .text

    @Option(
        name: .customLong("time-limit"),
        help: ArgumentHelp("How long the evaluation may run before it stops with an error.", valueName: "SECONDS"))
    var timeLimit = 60.0

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard timeLimit > 0, timeLimit <= 86_400 else { throw ValidationError("--time-limit is 0 < SECONDS <= 86400") }
        let options = given.prefix { $0 != "--" }
        if let option = options.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError(
                "Unknown option '\(option)' (an expression that begins with '-' may also follow '--')")
        }
        guard let expression = words.first, !expression.isEmpty else {
            throw ValidationError("Missing expected argument '<expression>'")
        }
        guard words.count <= 2 else {
            throw ValidationError("Unexpected argument '\(words[2])': give one expression and one file")
        }
    }

    func run() throws {
        let parsed: FHIRPathExpression
        do { parsed = try FHIRPathExpression(words[0]) } catch { throw CommandFailure(error.description) }
        var environment = FHIRPathEnvironment(variables: try FHIRPathVariables.parse(variables))
        environment.timeLimit = .milliseconds(Int(timeLimit * 1000))
        environment.timeLimitHint = "--time-limit SECONDS changes it"
        environment.trace = { name, items in
            FileHandle.standardError.write(Data("trace \(name): \(items.textLines.joined(separator: "; "))\n".utf8))
        }
        let file = words.count > 1 ? words[1] : nil
        let input = file == nil && !parsed.readsInput ? nil : try CommandInput.tape(file ?? "-")
        // Evaluated on the tape itself: a Bundle of 100,000 resources is never made a tree.
        let resource = input?.root
        let result: [FHIRPathValue]
        do { result = try parsed.evaluate(on: resource, environment: environment) } catch {
            throw CommandFailure(error.description)
        }
        switch format {
        case .text: Output.standardOutput(result.textLines.joined(separator: "\n") + "\n")
        case .json: Output.standardOutput(result.jsonArray.prettyText + "\n")
        }
        // The process ends here, without freeing the input, which nobody waits for.
        withExtendedLifetime((input, resource, result)) { Foundation.exit(EXIT_SUCCESS) }
    }
}

/// `--var NAME=VALUE` as FHIRPath variables: numbers and booleans as such, anything else a string.
enum FHIRPathVariables {
    static func parse(_ definitions: [String]) throws -> [String: [FHIRPathValue]] {
        var variables: [String: [FHIRPathValue]] = [:]
        for definition in definitions {
            let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--var needs NAME=VALUE, not '\(definition)'")
            }
            variables[String(parts[0])] = [value(String(parts[1]))]
        }
        return variables
    }

    static func value(_ text: String) -> FHIRPathValue {
        if text == "true" || text == "false" { return .boolean(text == "true") }
        if let int = Int(text), Int(Int32.min)...Int(Int32.max) ~= int { return .integer(int) }
        if text.first?.isNumber == true || text.first == "-", let decimal = FHIRPathDecimal(text: text) {
            return .decimal(decimal)
        }
        return .string(text)
    }
}
