import ArgumentParser
import FHIRServer

/// `medbrain`: learn and explore HL7 FHIR from a terminal.
public struct Medbrain: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "medbrain",
        abstract: "Learn and explore HL7 FHIR from a terminal.",
        discussion: """
            Medbrain follows the tutorial "Implementing HL7 FHIR: a step-by-step medication \
            management app" (connect, login, orders, instructions, administrations) against a \
            built-in FHIR server or any other. The interactive REPL is still to come; today \
            `medbrain serve` runs the built-in FHIR server, `medbrain instructions` says \
            a dosage as a sentence and `medbrain group` charts the doses taken.
            """,
        version: MedbrainInfo.version,
        subcommands: [Serve.self, InstructionsCommand.self, GroupCommand.self]
    )

    public init() {}

    public func run() async throws {
        print(Medbrain.helpMessage())
    }
}
