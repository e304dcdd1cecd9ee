import FHIRClient
import FHIRModel
import MedicationTutorial

/// Step 6 of the tutorial: record a dose taken or missed as a MedicationAdministration (§14.5).
extension CommandGroup {
    static var recording: CommandGroup {
        CommandGroup(
            "6. Record a dose",
            [
                .builtin(
                    "administer", usage: "administer N taken|missed [at DATE-TIME]",
                    // Without `at`, the dose is the one due now (docs/dose-times.md), at its due time.
                    summary: "create a MedicationAdministration", section: "§14.5",
                    example: "administer 1 taken at 2016-08-16T08:00:00+02:00", waiting: "Recording the dose…",
                    complete: { context, words in
                        switch words.count {
                        case 2: context.completions.orderNumbers
                        case 3: ["taken", "missed"]
                        case 4: ["at"]
                        default: []
                        }
                    }, run: { try await Recording(context: $0).administer($1) })
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Recording {
    let context: CommandContext

    fileprivate func administer(_ arguments: [String]) async throws {
        let outcome = arguments.count > 1 ? arguments[1].lowercased() : ""
        guard arguments.count == 2 || (arguments.count == 4 && arguments[2].lowercased() == "at"),
            ["taken", "missed"].contains(outcome)
        else { throw UsageError() }
        let (number, order) = try context.session.chooseOrder([arguments[0]])
        let client = try context.session.connected()
        let time = arguments.count == 4 ? arguments[3] : try await dueTime(of: order, number: number)
        // FHIR wants a zone with every time; year 0 is no date a dose was taken on.
        guard let parsed = FHIRDateTime(time), parsed.precision == .second, parsed.zoneOffsetMinutes != nil,
            parsed.year >= 1
        else { throw REPLError("'\(time)' is not a date-time with its zone, such as 2016-08-16T08:00:00+02:00") }
        let taken = outcome == "taken"
        let administration = Self.administration(
            of: order, patient: try context.session.loggedIn(), taken: taken, at: time, version: client.version)
        let created = try await client.create(administration)
        let reference = "MedicationAdministration/\(created["id"]?.stringValue ?? "?")"
        context.session.recorded.append(RecordedDose(order: number, taken: taken, reference: reference))
        // The tutorial's app reloads the list after a dose; so does this, to show it arrived. The
        // dose is stored either way, so a failure here is a warning, not the command's error.
        // Only the counts are shown, so each dose is read for whether it was taken, no more.
        let list: Result<(taken: Int, notTaken: Int), any Error>
        do {
            list = .success(
                try await AdministrationPages(client: try context.session.tutorialClient()).count(of: order))
        } catch { list = .failure(error) }
        let counts = try? list.get()
        let summary =
            counts.map { "order \(number) now has \($0 + $1) administrations: \($0) taken, \($1) not taken" }
            ?? "warning: the list was not read again: \(list.failureText)"
        context.show(
            [
                "reference": .string(reference), "order": .number(String(number)), "taken": .bool(taken),
                "effective": .string(time),
                "administrations": counts.map { ["taken": .number(String($0)), "notTaken": .number(String($1))] }
                    ?? .null,
            ],
            lines: ["recorded \(outcome) for order \(number): \(reference)", summary])
    }

    /// The time a dose recorded now is for: the due dose whose slot holds now, refused when it
    /// is already recorded; now itself for an order without dose times.
    private func dueTime(of order: Order, number: Int) async throws -> String {
        let scheduling = Scheduling(context: context)
        guard let (due, recorded) = try await scheduling.dueNow(order) else {
            return CommandContext.dateTime(context.clock(), in: context.settings.current.timeZone)
        }
        let text = context.settings.current.doseTimes.text(due)
        if let recorded {
            throw REPLError(
                "the dose due \(text) is already recorded (MedicationAdministration/\(recorded.id ?? "?")); "
                    + "to record another, say 'administer \(number) \(recorded.taken ? "taken" : "missed") at DATE-TIME'"
            )
        }
        return text
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
}

extension Result {
    /// The error's words, for a warning.
    var failureText: String {
        if case .failure(let error) = self { return "\(error)" }
        return ""
    }
}
