import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// Steps 5 and 6: an order's administrations, grouped and charted (§13.4–13.6), and
/// recording a new one (§14.5).
extension REPL {
    func administrations(_ arguments: [String]) async throws {
        let (_, order) = try chosenOrder(arguments)
        let doses = try await fetchAdministrations(of: order)
        let zone = settings.current.timeZone
        let words = try language()
        show(
            .array(
                AdministrationList.newestFirst(doses, timeZone: zone, language: words).map { entry in
                    [
                        "id": Self.json(entry.administration.id), "taken": .bool(entry.administration.taken),
                        "effective": Self.json(entry.administration.effective?.startText),
                        "date": Self.json(entry.date),
                    ]
                }),
            lines: doses.isEmpty
                ? ["No administrations"] : AdministrationList.lines(doses, timeZone: zone, language: words))
    }

    func group(_ arguments: [String]) async throws {
        guard let first = arguments.first, let mode = GroupingMode(rawValue: first.lowercased()) else {
            throw UsageError()
        }
        let (_, order) = try chosenOrder(Array(arguments.dropFirst()))
        let doses = try await fetchAdministrations(of: order)
        let settings = settings.current
        let today = settings.today ?? CivilDay.today(in: settings.timeZone, at: clock())
        let groups = await AdministrationGroups.counting(
            doses, grouping: DateGrouping(mode: mode, weeks: settings.weeks), today: today, timeZone: settings.timeZone)
        show(
            groups.json,
            text: GroupChart(groups, width: console.width, colour: settings.colour).text)
    }

    func administer(_ arguments: [String]) async throws {
        let outcome = arguments.count > 1 ? arguments[1].lowercased() : ""
        guard arguments.count == 2 || (arguments.count == 4 && arguments[2].lowercased() == "at"),
            ["taken", "missed"].contains(outcome)
        else { throw UsageError() }
        let (number, order) = try chosenOrder([arguments[0]])
        let client = try connected()
        let time = arguments.count == 4 ? arguments[3] : Self.dateTime(clock(), in: settings.current.timeZone)
        // FHIR wants a zone with every time; year 0 is no date a dose was taken on.
        guard let parsed = FHIRDateTime(time), parsed.precision == .second, parsed.zoneOffsetMinutes != nil,
            parsed.year >= 1
        else { throw REPLError("'\(time)' is not a date-time with its zone, such as 2016-08-16T08:00:00+02:00") }
        let taken = outcome == "taken"
        let administration = Self.administration(
            of: order, patient: try loggedIn(), taken: taken, at: time, version: client.version)
        let created = try await client.create(administration)
        let reference = "MedicationAdministration/\(created["id"]?.stringValue ?? "?")"
        session.recorded.append(RecordedDose(order: number, taken: taken, reference: reference))
        // The tutorial's app reloads the list after a dose; so does this, to show it arrived. The
        // dose is stored either way, so a failure here is a warning, not the command's error.
        // Only the counts are shown, so each dose is read for whether it was taken, no more.
        let list: Result<(taken: Int, notTaken: Int), any Error>
        do { list = .success(try await countAdministrations(of: order)) } catch { list = .failure(error) }
        let counts = try? list.get()
        let summary =
            counts.map { "order \(number) now has \($0 + $1) administrations: \($0) taken, \($1) not taken" }
            ?? "warning: the list was not read again: \(list.failureText)"
        show(
            [
                "reference": .string(reference), "order": .number(String(number)), "taken": .bool(taken),
                "effective": .string(time),
                "administrations": counts.map { ["taken": .number(String($0)), "notTaken": .number(String($1))] }
                    ?? .null,
            ],
            lines: ["recorded \(outcome) for order \(number): \(reference)", summary])
    }

    /// The resource §14.5 creates: the order's medication, patient and prescription, taken or
    /// not, at `time` as the start and end of the period.
    static func administration(of order: Order, patient: Patient, taken: Bool, at time: String, version: FHIRVersion)
        -> JSONValue
    {
        var administration = Administration(taken: taken)
        administration.status = "completed"
        administration.patient = Reference(reference: "Patient/\(patient.id ?? "")")
        administration.order = Reference(reference: "\(version.orderType)/\(order.id ?? "")")
        administration.medication = order.medication
        administration.effective = .period(Period(start: time, end: time))
        return administration.json(in: version)
    }

    func fetchAdministrations(of order: Order) async throws -> [Administration] {
        var decoder = PagedAdministrationDecoder(limit: Self.administrationLimit)
        try await eachAdministrationPage(of: order) { await decoder.add($0) }
        do { return try await decoder.finish() } catch {
            throw REPLError("the server sent an administration Medbrain cannot read: \(error)")
        }
    }

    /// The doses of `order` taken and not taken, from the pages `fetchAdministrations` reads.
    func countAdministrations(of order: Order) async throws -> (taken: Int, notTaken: Int) {
        var (taken, notTaken) = (0, 0)
        try await eachAdministrationPage(of: order) { page in
            for resource in page.resources where resource.member("resourceType", is: "MedicationAdministration") {
                guard taken + notTaken < Self.administrationLimit else { return }
                if Administration.isTaken(resource) { taken += 1 } else { notTaken += 1 }
            }
        }
        return (taken, notTaken)
    }

    /// The most administrations of one order read.
    static let administrationLimit = 100_000

    private func eachAdministrationPage(of order: Order, _ receive: (SearchsetPage) async -> Void) async throws {
        let client = try tutorialClient()
        let parameter = client.version.administrationOrderParameter
        try await client.searchPages(
            "MedicationAdministration",
            [(parameter, "\(client.version.orderType)/\(order.id ?? "")"), ("_count", "1000")],
            limit: Self.administrationLimit, eachPage: receive)
    }

    /// `date` as a FHIR dateTime with the zone's offset, such as `2016-08-16T08:00:00+02:00`.
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

extension Result {
    /// The error's words, for a warning.
    var failureText: String {
        if case .failure(let error) = self { return "\(error)" }
        return ""
    }
}
