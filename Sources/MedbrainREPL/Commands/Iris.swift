import FHIRClient
import FHIRModel
import Foundation
import MedicationTutorial

/// The Iris seed app's flow: register a patient once, then send step counts as Observations.
extension CommandGroup {
    static var iris: CommandGroup {
        CommandGroup(
            "The Iris app",
            [
                .builtin(
                    "register", usage: "register GIVEN FAMILY [--birth-date D] [--gender G]",
                    summary: "find or create a patient and log in (the Iris app)",
                    example: "register Ada Lovelace --birth-date 1815-12-10", waiting: "Registering…",
                    complete: { _, words in options(["--birth-date", "--gender"], after: words) },
                    run: { try await IrisCommands(context: $0).register($1) }),
                .builtin(
                    "observe", usage: "observe steps N [at DATE-TIME]",
                    summary: "a step-count Observation for the patient (the Iris app)",
                    example: "observe steps 8000 at 2016-08-16T20:00:00+02:00", waiting: "Recording…",
                    complete: { _, words in
                        switch words.count {
                        case 2: ["steps"]
                        case 4: ["at"]
                        default: []
                        }
                    }, run: { try await IrisCommands(context: $0).observe($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct IrisCommands {
    let context: CommandContext

    /// `register GIVEN FAMILY [--birth-date D] [--gender G]`: searches by name first and
    /// creates the patient only when none matches, so registering twice makes no twin.
    fileprivate func register(_ arguments: [String]) async throws {
        let options = try CommandOptions(
            arguments,
            ["--birth-date": .value("a date such as 1815-12-10"), "--gender": .value("male, female, other or unknown")])
        let names = options.operands
        guard names.count == 2 else { throw UsageError() }
        let (given, family) = (names[0], names[1])
        guard !given.trimmingCharacters(in: .whitespaces).isEmpty, !family.trimmingCharacters(in: .whitespaces).isEmpty
        else { throw REPLError("a patient's given and family names are not empty") }
        try checkRegistration(options)
        let client = try context.session.connected()
        // FHIR's name search matches the start of a name; a registration wants the name itself.
        var query = [("family:exact", family), ("given:exact", given)]
        if let birthDate = options.value("--birth-date") { query.append(("birthdate", birthDate)) }
        let matches = try await client.search("Patient", query).entry.compactMap(\.resource)
        if matches.count > 1 {
            context.console.error(
                "warning: \(matches.count) patients are named \(given) \(family); logging in as the first\n")
        }
        let found = matches.first
        let existed = found != nil
        let json: JSONValue
        if let found {
            json = found
        } else {
            json = try await client.create(Self.patient(given, family, options, version: client.version))
        }
        let patient = try Patient(json: json)
        context.session.patient = patient
        (context.session.orders, context.session.currentOrder, context.session.ordersListed) = ([], nil, false)
        let verb = existed ? "already registered" : "registered"
        var summary = PatientCard.summary(of: patient)
        summary["created"] = .bool(!existed)
        context.show(
            .object(summary), lines: ["\(verb): \(PatientCard.name(patient)) (Patient/\(patient.id ?? "?")); logged in"]
        )
    }

    /// A birth date that is a date and not in the future, a gender FHIR knows.
    private func checkRegistration(_ options: CommandOptions) throws {
        if let gender = options.value("--gender"), !["male", "female", "other", "unknown"].contains(gender) {
            throw REPLError("--gender is male, female, other or unknown")
        }
        guard let text = options.value("--birth-date") else { return }
        guard let day = CivilDay(text) else { throw REPLError("--birth-date is a date such as 1815-12-10") }
        guard day.number <= CivilDay.today(in: context.settings.current.timeZone, at: context.clock()).number else {
            throw REPLError("--birth-date \(text) is in the future")
        }
    }

    /// `observe steps N [at DATE-TIME]`: a step count for the logged-in patient, as Iris sends it.
    fileprivate func observe(_ arguments: [String]) async throws {
        guard arguments.count == 2 || (arguments.count == 4 && arguments[2].lowercased() == "at"),
            arguments[0].lowercased() == "steps"
        else { throw UsageError() }
        guard let steps = Int(arguments[1]), steps >= 0 else {
            throw REPLError("a step count is a whole number, such as 8000; '\(arguments[1])' is not")
        }
        let patient = try context.session.loggedIn()
        let client = try context.session.connected()
        let time =
            arguments.count == 4
            ? arguments[3] : CommandContext.dateTime(context.clock(), in: context.settings.current.timeZone)
        guard let parsed = FHIRDateTime(time), parsed.precision == .second, parsed.zoneOffsetMinutes != nil else {
            throw REPLError("'\(time)' is not a date-time with its zone, such as 2016-08-16T20:00:00+02:00")
        }
        let observation = Self.stepCount(steps, patient: patient.id ?? "", at: time, version: client.version)
        let created = try await client.create(observation)
        let reference = "Observation/\(created["id"]?.stringValue ?? "?")"
        context.show(
            ["reference": .string(reference), "steps": .number(String(steps)), "effective": .string(time)],
            lines: ["recorded \(steps) steps at \(time): \(reference)"])
    }

    private static func patient(_ given: String, _ family: String, _ options: CommandOptions, version: FHIRVersion)
        -> JSONValue
    {
        // DSTU2 writes family as a list of names, R4 as one.
        let familyJSON: JSONValue = version == .dstu2 ? [.string(family)] : .string(family)
        var members: [(String, JSONValue)] = [
            ("resourceType", "Patient"), ("name", [["family": familyJSON, "given": [.string(given)]]]),
        ]
        if let gender = options.value("--gender") { members.append(("gender", .string(gender))) }
        if let birthDate = options.value("--birth-date") { members.append(("birthDate", .string(birthDate))) }
        return .object(JSONObject(members))
    }

    /// LOINC 55423-8 with the category `activity`, in the version's shape of category.
    private static func stepCount(_ steps: Int, patient: String, at time: String, version: FHIRVersion) -> JSONValue {
        let system = version.terminologySystem("observation-category")
        let category: JSONValue = ["coding": [["system": .string(system), "code": "activity", "display": "Activity"]]]
        return [
            "resourceType": "Observation", "status": "final",
            "category": version == .dstu2 ? category : [category],
            "code": [
                "coding": [
                    [
                        "system": "http://loinc.org", "code": "55423-8",
                        "display": "Number of steps in unspecified time Pedometer",
                    ]
                ]
            ],
            "subject": ["reference": .string("Patient/\(patient)")], "effectiveDateTime": .string(time),
            "valueQuantity": [
                "value": .number(String(steps)), "unit": "steps", "system": "http://unitsofmeasure.org",
                "code": "{steps}",
            ],
        ]
    }
}
