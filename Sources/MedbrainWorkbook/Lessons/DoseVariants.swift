import FHIRModel
import Foundation

/// Routes made from a step's solution that records a dose (`administer N taken at T`, or a
/// MedicationAdministration posted as JSON): the same dose written another way FHIR reads
/// alike (its members in another order, its time in UTC, its patient by absolute URL), and
/// the dose a check must refuse (another order or patient, taken for missed, an hour later).
enum DoseVariants {
    /// `others`: for a reference the dose names (`Patient/f001`), another resource of its type
    /// on the server (`Patient/f002`), for the mutants aimed at it.
    static func routes(_ solution: [String], others: [String: String]) -> [GeneratedRoute] {
        guard let index = solution.lastIndex(where: { Self.isWrite($0) || $0.hasPrefix("administer ") }) else {
            return []
        }
        let command = solution[index]
        let replaced = { (new: String, shouldComplete: Bool) -> GeneratedRoute in
            var copy = solution
            copy[index] = new
            return GeneratedRoute(commands: copy, shouldComplete: shouldComplete)
        }
        if command.hasPrefix("administer ") {
            return administered(command).map { replaced($0.0, $0.1) }
        }
        return posted(command, others: others).map { replaced($0.0, $0.1) }
    }

    /// The patient and order a posted dose names (`Patient/f001`, `MedicationRequest/ord-01`).
    static func references(in solution: [String]) -> [String] {
        guard let dose = solution.last(where: isWrite).flatMap(Self.dose) else { return [] }
        return ["patient", "subject", "prescription", "request"].compactMap { dose[$0]?["reference"]?.stringValue }
    }

    private static func dose(_ command: String) -> JSONObject? {
        guard let brace = command.firstIndex(of: "{"),
            case .object(let dose)? = try? JSONParser.parse(String(command[brace...])),
            dose["resourceType"] == "MedicationAdministration"
        else { return nil }
        return dose
    }

    static func isWrite(_ command: String) -> Bool {
        (command.hasPrefix("post ") || command.hasPrefix("create ")) && command.contains(" {")
    }

    /// `administer 11 missed at 2016-08-16T08:00:00+02:00`.
    private static func administered(_ command: String) -> [(String, Bool)] {
        let words = command.split(separator: " ").map(String.init)
        guard words.count == 5, let order = Int(words[1]), ["taken", "missed"].contains(words[2]), words[3] == "at",
            let time = Self.instant(words[4])
        else { return [] }
        let write = { (order: Int, status: String, time: String) in "administer \(order) \(status) at \(time)" }
        return [
            (write(order, words[2], Self.utc(time)), true),
            (write(order == 1 ? 2 : 1, words[2], words[4]), false),
            (write(order, words[2] == "taken" ? "missed" : "taken", words[4]), false),
            (write(order, words[2], Self.utc(time.addingTimeInterval(3600))), false),
        ]
    }

    /// `post MedicationAdministration {…}`.
    private static func posted(_ command: String, others: [String: String]) -> [(String, Bool)] {
        guard let dose = dose(command), let brace = command.firstIndex(of: "{") else { return [] }
        let head = String(command[..<brace])
        let write = { (object: JSONObject) in head + JSONValue.object(object).compactText }
        var routes: [(String, Bool)] = [(head + CommandVariants.reversed(.object(dose)).compactText, true)]
        let patientKey = dose["patient"] != nil ? "patient" : "subject"
        if let reference = dose[patientKey]?["reference"]?.stringValue, reference.hasPrefix("Patient/") {
            var absolute = dose
            absolute[patientKey] = ["reference": .string("[BASE]/" + reference)]
            routes.append((write(absolute), true))
        }
        for key in [patientKey, "prescription", "request"] {
            guard let reference = dose[key]?["reference"]?.stringValue, let another = others[reference] else {
                continue
            }
            var other = dose
            other[key] = ["reference": .string(another)]
            routes.append((write(other), false))
        }
        for key in ["effectiveTimeDateTime", "effectiveDateTime"] {
            guard let text = dose[key]?.stringValue, let time = Self.instant(text) else { continue }
            var utc = dose
            utc[key] = .string(Self.utc(time))
            routes.append((write(utc), true))
            var later = dose
            later[key] = .string(Self.utc(time.addingTimeInterval(3600)))
            routes.append((write(later), false))
        }
        // The other outcome in the release's words: DSTU2's wasNotGiven (a dose written with
        // effectiveTime[x]), STU3's notGiven (with prescription and effective[x]), R4's status.
        let isDSTU2 = dose["effectiveTimeDateTime"] != nil || dose["effectiveTimePeriod"] != nil
        let flag = isDSTU2 ? "wasNotGiven" : "notGiven"
        if case .bool(let notGiven)? = dose[flag] {
            var flipped = dose
            flipped[flag] = .bool(!notGiven)
            routes.append((write(flipped), false))
        } else if isDSTU2 || dose["prescription"] != nil {
            var flipped = dose
            flipped[flag] = true
            routes.append((write(flipped), false))
        } else if let status = dose["status"]?.stringValue, ["completed", "not-done"].contains(status) {
            var flipped = dose
            flipped["status"] = .string(status == "completed" ? "not-done" : "completed")
            routes.append((write(flipped), false))
        }
        return routes
    }

    private static func instant(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    private static func utc(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
