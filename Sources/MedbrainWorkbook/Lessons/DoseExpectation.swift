import FHIRModel
import MedbrainREPL

/// `dose-written ORDER taken|missed at INSTANT`: a MedicationAdministration written in this
/// step (by `administer`, `post`, `create`, `put`, whichever), checked whole on the server: the
/// order's patient, the order, the order's medication, taken or not with a status that says so,
/// the instant, and only elements of the connected release. A dose that is right in all but
/// one of them is refused with the one it got wrong.
public struct DoseExpectation: Sendable, Equatable {
    /// The order's id (`ord-01`), in whichever release's name the server gives it.
    public let order: String
    public let taken: Bool
    public let instant: String
    let seconds: Double

    /// `ord-01 taken at 2016-08-12T20:00:00+02:00`.
    init(_ words: [String]) throws(WorkbookProblem) {
        guard words.count == 4, ["taken", "missed"].contains(words[1]), words[2] == "at",
            let time = FHIRDateTime(words[3]), time.precision >= .second
        else {
            throw WorkbookProblem("dose-written needs ORDER taken|missed at INSTANT (seconds and offset)")
        }
        (order, taken, instant, seconds) = (words[0], words[1] == "taken", words[3], time.start)
    }

    public var description: String { "dose-written \(order) \(taken ? "taken" : "missed") at \(instant)" }

    /// Nil when one of `written` (`Type/id` of the resources this step wrote) is the dose.
    func missing(in repl: any LessonHost, written: [String]) async -> String? {
        guard let version = repl.state.fhirVersion else { return "not connected" }
        let doses = written.filter { $0.hasPrefix("MedicationAdministration/") }
        guard !doses.isEmpty else { return "no MedicationAdministration written in this step yet" }
        let order: Order
        do { order = try Order(json: try await repl.read("\(version.orderType)/\(self.order)")) } catch {
            return "\(version.orderType)/\(self.order) cannot be read: \(error)"
        }
        // Newest first, each once: the problem said is the one of the student's last try.
        var (first, seen): (String?, Set<String>) = (nil, [])
        for reference in doses.reversed() where seen.insert(reference).inserted {
            guard let json = try? await repl.read(reference) else {
                first = first ?? "\(reference) is not on the server"
                continue
            }
            guard let problem = await problem(with: json, order: order, version: version, in: repl) else { return nil }
            first = first ?? "\(reference): \(problem)"
        }
        return first
    }

    /// What keeps `json` from being this dose, the first thing found.
    func problem(with json: JSONValue, order: Order, version: FHIRVersion, in repl: any LessonHost) async -> String? {
        if let foreign = Self.foreignElement(in: json, version: version) {
            return "\(foreign) is not an element of \(version.displayName)'s MedicationAdministration"
        }
        let dose: Administration
        do { dose = try Administration(json: json) } catch { return "it cannot be read: \(error)" }
        if let problem = Self.patientProblem(dose, order) { return problem }
        if dose.order?.target?.type != version.orderType || dose.order?.target?.id != self.order {
            return
                "it names the order \(dose.order?.reference ?? "nowhere"); this dose is of \(version.orderType)/\(self.order)"
        }
        if let problem = statusProblem(dose) { return problem }
        if let problem = instantProblem(dose) { return problem }
        return await MedicationMatch.same(dose.medication, order.medication, in: repl)
            ? nil : "its medication is not the order's (\(Self.name(of: order.medication)))"
    }

    /// The medication as a student would recognize it: its text, else its reference.
    static func name(of medication: MedicationChoice?) -> String {
        switch medication {
        case .codeableConcept(let concept): concept.text ?? concept.displayText ?? "a code"
        case .reference(let reference): reference.reference ?? reference.display ?? "a reference"
        case nil: "none"
        }
    }

    /// The first top-level member that `version` does not define for a MedicationAdministration.
    static func foreignElement(in json: JSONValue, version: FHIRVersion) -> String? {
        let model = version.typeModel
        for name in json.objectValue?.keys ?? [] where name != "resourceType" {
            let element = name.hasPrefix("_") ? String(name.dropFirst()) : name
            if model.element(element, of: "MedicationAdministration") == nil,
                model.choice(spelled: element, in: "MedicationAdministration") == nil
            {
                return name
            }
        }
        return nil
    }

    static func patientProblem(_ dose: Administration, _ order: Order) -> String? {
        guard let wanted = order.patient?.target else { return nil }
        guard let patient = dose.patient?.target else {
            return "it names no patient; the order is Patient/\(wanted.id)'s"
        }
        return patient.type == wanted.type && patient.id == wanted.id
            ? nil : "it is for \(patient.type)/\(patient.id); the order is \(wanted.type)/\(wanted.id)'s"
    }

    func statusProblem(_ dose: Administration) -> String? {
        if dose.status == "entered-in-error" { return "its status is entered-in-error: a record made by mistake" }
        if dose.taken != taken { return "it says the dose was \(dose.taken ? "taken" : "not taken")" }
        if taken, dose.status != "completed" {
            return "its status is \(dose.status ?? "missing"); a dose taken is completed"
        }
        return nil
    }

    func instantProblem(_ dose: Administration) -> String? {
        let given: String? =
            switch dose.effective {
            case .dateTime(let text): text
            case .period(let period): period.start
            case nil: nil
            }
        guard let given else { return "it says no time" }
        guard let time = FHIRDateTime(given), time.precision >= .second, time.start == seconds else {
            return "it was at \(given); this dose is at \(instant)"
        }
        return nil
    }
}
