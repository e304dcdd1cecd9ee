import Foundation
import Testing

/// `medbrain group` run as users run it.
@Suite("medbrain group")
struct GroupCommandTests {
    static let doses = """
        [{"resourceType": "MedicationAdministration", "status": "completed", "effectiveDateTime": "2016-08-15T08:00:00Z"},
         {"resourceType": "MedicationAdministration", "status": "not-done", "effectiveDateTime": "2016-08-15T20:00:00Z"},
         {"resourceType": "MedicationAdministration", "status": "completed", "patient": {"reference": "Patient/f001"},
          "effectiveTimeDateTime": "2016-08-16T08:00:00+02:00"},
         {"resourceType": "MedicationAdministration", "status": "completed", "effectiveDateTime": "2015-01-01"},
         {"resourceType": "MedicationAdministration", "status": "completed"}]
        """

    @Test func jsonHasTheTutorialsFieldsAndWhatIsOutside() async throws {
        let run = try await Medbrain.run(
            ["group", "day", "--today", "2016-08-16", "--timezone", "UTC", "--groups", "2", "--format", "json"],
            input: Self.doses)
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let groups = json?["groups"] as? [[String: Any]]
        #expect(groups?.map { $0["identifier"] as? String } == ["2016-08-15", "2016-08-16"])
        #expect(groups?.map { $0["countTaken"] as? Int } == [1, 1])
        #expect(groups?.map { $0["countNotTaken"] as? Int } == [1, 0])
        #expect([json?["before"], json?["after"], json?["undated"]].map { $0 as? Int } == [1, 0, 1])
    }

    @Test func aChartThroughAPipeHasNoColourAndFitsEightyColumns() async throws {
        let run = try await Medbrain.run(
            ["group", "week", "--today", "2016-08-16", "--timezone", "UTC"], input: Self.doses)
        #expect(run.status == 0)
        #expect(!run.output.contains("\u{1B}"))
        #expect(run.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(run.output.hasPrefix("Doses taken and not taken by week (tutorial weeks), 2016-27 to 2016-34\n"))
        #expect(run.output.hasSuffix("outside the window: 1 before, 0 after; 1 without a usable date\n"))
    }

    @Test func listIsNewestFirst() async throws {
        let run = try await Medbrain.run(
            ["group", "day", "--format", "list", "--timezone", "Europe/Vienna"], input: Self.doses)
        #expect(
            run.output.split(separator: "\n").map { String($0.prefix(22)) } == [
                "16 August 2016, 08:00 ", "15 August 2016, 22:00 ", "15 August 2016, 10:00 ", "1 January 2015        ",
                "-                     ",
            ])
    }

    @Test(arguments: [
        (["group", "weekly"], 64, "Error: The value 'weekly' is invalid for '<mode>'"),
        (["group", "day", "--timezone", "Mars/Olympus"], 64, "Error: unknown time zone 'Mars/Olympus'"),
        (["group", "day", "--today", "2016-02-30"], 64, "Error: --today needs a date such as 2016-08-16"),
        (["group", "day", "/no/such/file.json"], 1, "Error: cannot read /no/such/file.json"),
        (["group", "day", "--width", "1000000000000"], 64, "Error: --width must be between 40 and 1000"),
    ])
    func badArgumentsAreOneLine(arguments: [String], status: Int32, message: String) async throws {
        let run = try await Medbrain.run(arguments, input: Self.doses)
        #expect(run.status == status)
        #expect(run.error.hasPrefix(message), "\(run.error)")
    }

    @Test func bundleEntriesThatAreNoAdministrationAreNamedNotLost() async throws {
        let bundle = """
            {"resourceType": "Bundle", "entry": [
              {"resource": {"resourceType": "MedicationAdministration", "status": "completed", "effectiveDateTime": "2016-08-15"}},
              {"resource": {"resourceType": "MedicationRequest"}}, {"resource": {"resourceType": "MedicationAdministraton"}}]}
            """
        let run = try await Medbrain.run(["group", "day", "--format", "table", "--today", "2016-08-16"], input: bundle)
        #expect(run.status == 0)
        #expect(
            run.error
                == "note: skipped Bundle entries that are no MedicationAdministration: 1 MedicationAdministraton, 1 MedicationRequest\n"
        )
        let broken = try await Medbrain.run(
            ["group", "day"], input: #"{"resourceType": "Bundle", "entry": [{"resource": "x"}]}"#)
        #expect(broken.status == 1)
        #expect(broken.error == "Error: standard input: Bundle.entry[0].resource: expected an object, found a string\n")
    }

    @Test func anotherResourceIsOneLineNamingIt() async throws {
        let run = try await Medbrain.run(["group", "day"], input: #"[{"resourceType": "Patient"}]"#)
        #expect(run.status == 1)
        #expect(run.error == "Error: standard input: [0]: expected a MedicationAdministration, found a Patient\n")
    }
}
