import ArgumentParser
import FHIRModel
import Foundation
import MedicationTutorial

/// `medbrain instructions`: a dosage's structure as a sentence, for scripts and instructors.
struct InstructionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instructions",
        abstract: "Say a dosage's Timing as a sentence (tutorial §12.6).",
        discussion: """
            Reads a DosageInstruction (DSTU2), Dosage (STU3, R4, R5), Timing, MedicationOrder, \
            MedicationRequest, or a Bundle of orders as JSON, and prints one line per dosage. \
            Languages are those built into Medbrain (English, German) plus the files of any folder named by \
            MEDBRAIN_LANGUAGES.
            Example: curl -s 'http://127.0.0.1:8080/fhir/MedicationOrder/ord-06' | medbrain instructions --lang de
            """
    )

    @Option(help: "The language of the sentence: a language file's code, such as en or de.")
    var lang = "en"

    @Flag(help: "Show each part of the sentence and the FHIR elements it came from.")
    var breakdown = false

    @Argument(help: "A JSON file, or - for standard input.")
    var file = "-"

    func validate() throws {
        do { _ = try LanguageCatalog.standard().language(lang) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let language = try LanguageCatalog.standard().language(lang)
        let input: InstructionsInput
        do { input = try InstructionsInput(jsonText: try CommandInput.read(file)) } catch let error
            as InstructionsInputError
        {
            throw CommandFailure("\(CommandInput.name(file)): \(error)")
        }
        let renderer = InstructionsRenderer(language: language)
        // Several orders need a label per line; an order without an id gets its position.
        let orderCount = Set(input.items.map { $0.orderIndex }).count
        for item in input.items {
            let instructions = renderer.instructions(for: item)
            let name = item.medication ?? item.orderID ?? "order \(item.orderIndex + 1)"
            let label = orderCount > 1 ? name + ": " : ""
            if breakdown {
                Output.standardOutput(InstructionsBreakdown(item: item, instructions: instructions).text)
            } else {
                Output.standardOutput(label + instructions.sentence + "\n")
            }
        }
    }
}
