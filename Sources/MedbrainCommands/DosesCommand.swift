import ArgumentParser
import FHIRModel
import Foundation
import MedicationTutorial

/// `medbrain doses`: when an order's doses are due, from its dosage Timing.
struct DosesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doses",
        abstract: "List the times an order's doses are due, from its dosage Timing.",
        discussion: """
            Reads a MedicationOrder or MedicationRequest (\(FHIRVersion.listed())), a Bundle of them, a Dosage or \
            a Timing as JSON, and prints the doses due on the days --from through --to, on the patient's \
            clock. A Timing that gives no times says why. docs/dose-times.md defines how each element is read.
            Example: curl -s 'http://127.0.0.1:8080/fhir/MedicationOrder/ord-11' \
            | medbrain doses --from 2016-08-16 --to 2016-08-17 --zone Europe/Vienna
            """
    )

    @Option(help: "The first day, YYYY-MM-DD (default: today in --zone).")
    var from: String?

    @Option(help: "The last day, YYYY-MM-DD (default: --from).")
    var to: String?

    @Option(help: "The patient's time zone, such as Europe/Vienna or UTC (default: this machine's).")
    var zone: String?

    @Option(help: "When a bare Timing or Dosage starts (an order starts at its authoredOn).")
    var start: String?

    @Option(help: "The patient's times of day: name=HH:MM for wake, breakfast, lunch, dinner, sleep; day=HH:MM-HH:MM.")
    var day: [String] = []

    @Flag(help: "Print one JSON array: per dosage its order, doses and the reason it has none.")
    var json = false

    @Argument(help: "A JSON file, or - for standard input.")
    var file = "-"

    func validate() throws {
        if let zone, TimeZone(identifier: zone) == nil {
            throw ValidationError("unknown time zone '\(zone)'; use a name such as UTC or Europe/Vienna")
        }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, CivilDay(value) == nil { throw ValidationError("\(name) needs a date such as 2016-08-16") }
        }
        if let start, FHIRDateTime(start) == nil { throw ValidationError("--start needs a FHIR date or date-time") }
        _ = try patientDay()
    }

    func run() throws {
        let timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? .current
        let first = from.flatMap(CivilDay.init) ?? CivilDay.today(in: timeZone, at: Date())
        let last = to.flatMap(CivilDay.init) ?? first
        guard first <= last else { throw CommandFailure("--to \(to ?? "") comes before --from") }
        let input: DosePlanInput
        do {
            input = try DosePlanInput(json: try JSONParser.parse(try CommandInput.read(file)), start: start)
        } catch let error as InstructionsInputError {
            throw CommandFailure("\(CommandInput.name(file)): \(error)")
        } catch let error as JSONSyntaxError {
            throw CommandFailure("\(CommandInput.name(file)): \(error)")
        }
        let times = DoseTimes(timeZone: timeZone, day: try patientDay())
        let results = input.plans.map { plan in
            (
                plan,
                Result { () throws(DoseTimeError) in
                    try times.doses(
                        of: plan.dosage, start: plan.start, dosePeriod: plan.dosePeriod, from: first, through: last)
                }
            )
        }
        json ? printJSON(results, times) : printText(results, times)
    }

    private func patientDay() throws -> PatientDay {
        var patientDay = PatientDay()
        for setting in day {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--day needs name=value, such as breakfast=07:30") }
            do { try patientDay.set(parts[0], to: parts[1]) } catch { throw ValidationError("--day: \(error)") }
        }
        return patientDay
    }

    private func printJSON(
        _ results: [(DosePlanInput.Plan, Result<[DoseTimes.Dose], DoseTimeError>)], _ times: DoseTimes
    ) {
        let array = JSONValue.array(
            results.map { plan, result in
                let doses = (try? result.get()) ?? []
                let reason: JSONValue =
                    if case .failure(let error) = result { .string(error.description) } else { .null }
                return .object(
                    JSONObject([
                        ("order", plan.orderID.map(JSONValue.string) ?? .null),
                        ("dosage", plan.dosageIndex.map { .number(String($0)) } ?? .null),
                        ("doses", .array(doses.map { .string(times.text($0.instant)) })), ("reason", reason),
                    ]))
            })
        Output.standardOutput(array.compactText + "\n")
    }

    private func printText(
        _ results: [(DosePlanInput.Plan, Result<[DoseTimes.Dose], DoseTimeError>)], _ times: DoseTimes
    ) {
        var lines: [String] = []
        for (plan, result) in results {
            let name = [plan.orderID, plan.dosageIndex.map { "dosage \($0 + 1)" }].compactMap { $0 }.joined(
                separator: " ")
            let label = name.isEmpty ? "" : name + ": "
            switch result {
            case .failure(let error): lines.append("\(label)no dose times: \(error)")
            case .success(let doses):
                lines.append("\(label)\(doses.count) dose\(doses.count == 1 ? "" : "s") due")
                lines += doses.map { "  " + times.text($0.instant) }
            }
        }
        Output.standardOutput(lines.joined(separator: "\n") + "\n")
    }
}
