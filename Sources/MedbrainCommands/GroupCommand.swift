import ArgumentParser
import FHIRModel
import Foundation
import MedicationTutorial

/// `medbrain group`: administrations per year, month, week or day, as a chart, table, JSON or list.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group",
        abstract: "Count doses taken and not taken per year, month, week or day (tutorial §13.4–13.6).",
        discussion: """
            Reads a Bundle, a JSON array or a single MedicationAdministration (\(FHIRVersion.listed())) and \
            shows the window of groups ending with today's. Administrations outside the window or \
            without a date are counted under the chart, never dropped. Colour is used on a \
            terminal unless NO_COLOR is set.
            Example: curl -s 'http://127.0.0.1:8080/fhir/MedicationAdministration?prescription=ord-01&_count=100' \
            | medbrain group week --today 2016-08-16 --timezone Europe/Vienna
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case chart, table, json, list
    }

    @Argument(help: "year, month, week or day.")
    var mode: GroupingMode

    @Option(help: "Weeks: tutorial (start Sunday, week 1 holds 1 January) or iso (ISO 8601).")
    var week: WeekConvention = .tutorial

    @Option(help: "The last day of the window, YYYY-MM-DD (default: today in --timezone).")
    var today: String?

    @Option(help: "The time zone that decides each dose's day, such as Europe/Vienna or UTC (default: this machine's).")
    var timezone: String?

    @Option(help: "How many groups the window shows.")
    var groups = 8

    @Option(help: "chart, table, json, or list (the administrations, newest first).")
    var format: Format = .chart

    @Option(help: "Columns for the chart (default: the terminal's width, at least 80).")
    var width: Int?

    @Argument(help: "A JSON file, or - for standard input.")
    var file = "-"

    func validate() throws {
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ValidationError("unknown time zone '\(timezone)'; use a name such as UTC or Europe/Vienna")
        }
        if let today, CivilDay(today) == nil {
            throw ValidationError("--today needs a date such as 2016-08-16, not '\(today)'")
        }
        guard (1...1000).contains(groups) else { throw ValidationError("--groups must be between 1 and 1000") }
        if let width, !(40...1000).contains(width) { throw ValidationError("--width must be between 40 and 1000") }
    }

    func run() throws {
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? .current
        let day = today.flatMap(CivilDay.init) ?? CivilDay.today(in: zone)
        let input: AdministrationInput
        do { input = try AdministrationInput(jsonText: try CommandInput.read(file)) } catch let error as FHIRReadError {
            throw CommandFailure("\(CommandInput.name(file)): \(error)")
        }
        let administrations = input.administrations
        if !input.skipped.isEmpty {
            let types = Dictionary(grouping: input.skipped, by: { $0 }).map { "\($0.value.count) \($0.key)" }.sorted()
            Output.standardError(
                "note: skipped Bundle entries that are no MedicationAdministration: \(types.joined(separator: ", "))\n")
        }
        let grouping = DateGrouping(mode: mode, weeks: week)
        let counted = AdministrationGroups(
            administrations, grouping: grouping, today: day, timeZone: zone, count: groups)
        switch format {
        case .chart:
            let colour = isatty(STDOUT_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            Output.standardOutput(GroupChart(counted, width: width ?? Terminal.columns, colour: colour).text)
        case .table: Output.standardOutput(counted.table)
        case .json: Output.standardOutput(counted.json.prettyText + "\n")
        case .list:
            let english = try LanguageCatalog.standard().language("en")
            let lines = AdministrationList.lines(administrations, timeZone: zone, language: english)
            Output.standardOutput(lines.map { $0 + "\n" }.joined())
        }
    }

}

extension GroupingMode: ExpressibleByArgument {}
extension WeekConvention: ExpressibleByArgument {}
