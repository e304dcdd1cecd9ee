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
            built-in FHIR server or any other. Without a subcommand it starts the REPL on the \
            built-in server; `medbrain serve` runs that server alone, `medbrain instructions` says \
            a dosage as a sentence and `medbrain group` charts the doses taken.
            """,
        version: MedbrainInfo.version,
        subcommands: [
            REPLCommand.self, Serve.self, InstructionsCommand.self, GroupCommand.self, VerifyCommand.self,
            ReplayCommand.self, RecordCommand.self, FHIRPathCommand.self, ValidateCommand.self, LessonCommand.self,
            HashPasswordCommand.self, DosesCommand.self, ProgressCommand.self,
        ],
        defaultSubcommand: REPLCommand.self
    )

    public init() {}
}
