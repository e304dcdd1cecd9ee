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

    @Argument(help: "The FHIRPath expression.")
    var expression: String

    @Argument(help: "A JSON file, or - for standard input.")
    var file = "-"

    @Option(
        name: .customLong("var"), help: ArgumentHelp("A variable %NAME for the expression.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(help: "text (one item a line) or json (one array).")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let parsed: FHIRPathExpression
        do { parsed = try FHIRPathExpression(expression) } catch { throw CommandFailure(error.description) }
        let resource: JSONValue
        do { resource = try JSONParser.parse(Array(try CommandInput.read(file))) } catch let error as JSONSyntaxError {
            throw CommandFailure("\(CommandInput.name(file)): \(error)")
        }
        var environment = FHIRPathEnvironment(variables: try FHIRPathVariables.parse(variables))
        environment.trace = { name, items in
            FileHandle.standardError.write(Data("trace \(name): \(items.textLines.joined(separator: "; "))\n".utf8))
        }
        let result: [FHIRPathValue]
        do { result = try parsed.evaluate(on: resource, environment: environment) } catch {
            throw CommandFailure(error.description)
        }
        switch format {
        case .text: Output.standardOutput(result.textLines.joined(separator: "\n") + "\n")
        case .json: Output.standardOutput(result.jsonArray.prettyText + "\n")
        }
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
